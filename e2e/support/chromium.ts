import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; never a downloaded browser. Shared by the journeys and bench/first-load.ts. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
