import { SEARCH_MIN_LENGTH } from '@portal/domain';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openPage, signIn } from '../support/browser.ts';
import { DEMO_PASSWORD } from '../support/demo.ts';
import { ARTIFACTS } from '../support/server.ts';

/** Helpers of the administration journeys: signed-in pages, Mantine inputs, list and modal shortcuts. */

export async function pageAs(browser: Browser, baseUrl: string, email: string, password = DEMO_PASSWORD) {
  const page = await openPage(browser, baseUrl);
  page.setDefaultTimeout(10_000);
  await signIn(page, email, password);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return page;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An input by its label; Mantine appends ' *' to the label of a required one. */
export const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`)).first();

/** Picks an option of a Mantine Select (options render in a portal, outside the dialog). */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const input = field(scope, label);
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => input.inputValue()).toBe(option);
}

/** The error message Mantine shows under an input (the element its aria-describedby names). */
export async function errorOf(input: Locator): Promise<string | null> {
  if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = (await input.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? input.page().locator(`[id="${errorId}"]`).innerText() : null;
}

export const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** Opens an administration screen and waits for its first page of rows. */
export async function openScreen(page: Page, pathname: string, title: string): Promise<void> {
  await page.goto(pathname);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  await page
    .getByText(/^Mostrando \d+ para \d+ de \d+ registros$|^Nenhum resultado encontrado!$/)
    .first()
    .waitFor();
}

/** Types into the quick search and waits for the list call it triggers (none below two characters). */
export async function search(page: Page, text: string): Promise<void> {
  const q = text.length >= SEARCH_MIN_LENGTH ? text : undefined;
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/list') && (r.request().postDataJSON() as { q?: string }).q === q,
  );
  await page.getByLabel('Pesquisar').fill(text);
  await answered;
}

export const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

export const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), animations: 'disabled' });

/** A unique suffix, so journeys can run again on the same database. */
export const unique = () => Date.now().toString(36);
