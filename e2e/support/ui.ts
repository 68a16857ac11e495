import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openPage, signIn } from './browser.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { ARTIFACTS } from './server.ts';

/** Helpers every journey shares: a signed-in page, Mantine inputs, toasts and screenshots. */

export async function pageAs(
  browser: Browser,
  baseUrl: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Page> {
  const page = await openPage(browser, baseUrl);
  page.setDefaultTimeout(10_000);
  await signIn(page, email, password);
  // Not expectPath: this also runs in beforeAll, where expect.poll is not available.
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return page;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pageOf = (scope: Page | Locator): Page => ('page' in scope ? scope.page() : scope);

/** An input by its label within a page or a dialog; Mantine appends ' *' to a required one's label. */
export const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`)).first();

/**
 * Picks an option of a Mantine Select by its label (options render in a portal, outside any
 * dialog); searchable selects get the text typed first. A dropdown may close under the pointer
 * when the page reflows, so a missed click is tried again.
 */
export async function choose(
  scope: Page | Locator,
  label: string,
  option: string,
  typed?: string,
): Promise<void> {
  const page = pageOf(scope);
  const input = field(scope, label);
  for (let attempt = 1; ; attempt++) {
    await input.click();
    if (typed) await input.fill(typed);
    try {
      await page.getByRole('option', { name: option, exact: true }).click({ timeout: 3_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
  await expect.poll(() => input.inputValue()).toBe(option);
}

export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: path.join(ARTIFACTS, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/**
 * Today in a date picker: the enabled day button named with today's full date ("26 novembro
 * 2026"), so a neighbouring picker's closing calendar or another month's same day never matches.
 */
export async function pickToday(page: Page, label: string): Promise<void> {
  await field(page, label).click();
  const now = new Date();
  const month = new Intl.DateTimeFormat('pt-BR', { month: 'long' }).format(now);
  const name = `${now.getDate()} ${month} ${now.getFullYear()}`;
  const day = page.locator(`table button[aria-label="${name}"]:not([disabled])`).filter({ visible: true });
  await day.click();
  // The calendar closes with the choice: wait until it is gone, so the next picker's is the only one.
  await day.first().waitFor({ state: 'hidden' });
}
