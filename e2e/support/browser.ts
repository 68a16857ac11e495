import type { SessionUser } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

export { launchBrowser } from './chromium.ts';

/** A fresh, isolated browser context (own localStorage, so its own session), desktop-sized unless told otherwise. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1440, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  return context.newPage();
}

export const pathOf = (page: Page): string => new URL(page.url()).pathname;

export async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe(path);
}

/**
 * Signs in through the login screen and returns the user the server answered with,
 * read from the very response the page received.
 */
export async function signIn(page: Page, email: string, password: string): Promise<SessionUser> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/login' && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Entrar' }).click();
  const response = await answer;
  const body = (await response.json()) as { user?: SessionUser; msg?: string };
  if (!response.ok() || !body.user)
    throw new Error(`login de ${email} falhou: ${response.status()} ${body.msg}`);
  return body.user;
}

export async function signOut(page: Page): Promise<void> {
  await mainMenu(page).getByRole('link', { name: 'Sair', exact: true }).click();
  await expectPath(page, '/login');
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** Accessible name and visible text of every link in the sidebar, in order. */
export async function mainMenuEntries(page: Page): Promise<{ name: string | null; text: string }[]> {
  await mainMenu(page).getByRole('link').first().waitFor();
  return mainMenu(page)
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((a) => ({ name: a.getAttribute('aria-label'), text: (a as HTMLElement).innerText.trim() })),
    );
}

export const sessionToken = (page: Page): Promise<string | null> =>
  page.evaluate(() => localStorage.getItem('portal.token'));
