import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from './support/api.ts';
import {
  expectPath,
  launchBrowser,
  mainMenu,
  openPage,
  pathOf,
  sessionToken,
  signIn,
  signOut,
} from './support/browser.ts';
import { DEMO_PASSWORD } from './support/demo.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('logout (spec part 1 §2 Shell)', () => {
  it('[CELULA][LOGOUT]: after Sair the back button does not bring a private page back', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'celula@demo.portal', DEMO_PASSWORD);
    await expectPath(page, '/dashboard');
    // Build some private history to go back through.
    await mainMenu(page).getByRole('link', { name: 'Troca de Titularidade', exact: true }).click();
    await expectPath(page, '/troca-titularidade');
    await mainMenu(page).getByRole('link', { name: 'Inicial', exact: true }).click();
    await expectPath(page, '/dashboard');
    await page.getByTestId('user-name').waitFor();
    const token = await sessionToken(page);
    expect(token).toBeTruthy();

    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
    // The token is revoked on the server, not only forgotten by the browser.
    expect((await apiCall(baseUrl, 'GET', 'validate', token!)).status).toBe(401);

    // Back through the private entries: each one ends on /login, until the history runs out
    // (screens that normalise their URL replace entries, so how many there are may vary).
    await page.goBack();
    await expectPath(page, '/login');
    for (let i = 0; i < 3 && pathOf(page) === '/login'; i++) {
      expect(await mainMenu(page).count()).toBe(0);
      expect(await page.getByTestId('user-name').count()).toBe(0);
      await page.goBack();
      await expect.poll(() => pathOf(page)).toMatch(/^(\/login|blank)$/);
    }
    await page.context().close();
  });
});
