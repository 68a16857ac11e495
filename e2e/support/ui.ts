import path from 'node:path';
import { todayInBrasilia } from '@portal/domain';
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

/** A month's name as the portal's pt-BR calendars write it ("dezembro"); month 0 is January. */
const monthName = (month: number) =>
  new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month, 1)),
  );

/**
 * A day (yyyy-mm-dd) in a date picker: opens it, pages with "Anterior"/"Próximo" from the month it
 * shows to the day's month, and clicks the enabled day button named with the full date ("5 dezembro
 * 2026"), so a neighbouring picker's closing calendar or another month's same day never matches.
 */
export async function pickDate(scope: Page | Locator, label: string, isoDate: string): Promise<void> {
  const page = pageOf(scope);
  const [year, month, date] = isoDate.split('-').map(Number) as [number, number, number];
  await field(scope, label).click();
  const day = page
    .locator(`table button[aria-label="${date} ${monthName(month - 1)} ${year}"]:not([disabled])`)
    .filter({ visible: true });
  const shown = page
    .locator('.mantine-DatePickerInput-calendarHeaderLevel')
    .filter({ visible: true })
    .first();
  await shown.waitFor();
  for (let step = 0; ; step++) {
    // The month may still be rendering (a list refreshing behind it): give the day a moment first.
    if (
      await day
        .first()
        .waitFor({ timeout: 1_000 })
        .then(
          () => true,
          () => false,
        )
    )
      break;
    if (step > 36) throw new Error(`${isoDate} não aparece no calendário de ${label}`);
    // The header reads "novembro 2026" (shown capitalized): page towards the target month.
    const [name, shownYear] = (await shown.innerText()).trim().toLowerCase().split(' ');
    const current = Number(shownYear) * 12 + [...Array(12).keys()].findIndex((m) => monthName(m) === name);
    const direction = year * 12 + month - 1 > current ? 'Próximo' : 'Anterior';
    await page
      .getByRole('button', { name: direction, exact: true })
      .filter({ visible: true })
      .first()
      .click();
  }
  await day.click();
  // The calendar closes with the choice: wait until it is gone, so the next picker's is the only one.
  await day.first().waitFor({ state: 'hidden' });
}

/**
 * Today on the portal's clock (Brasília, the browser context's zone), not the machine's: between
 * 21:00 and midnight there the machine's UTC date is already tomorrow.
 */
const today = () => todayInBrasilia(new Date());

/** Today as the portal writes it (dd/mm/aaaa). */
export const todayAsShown = () => today().split('-').reverse().join('/');

/** Today in a date picker. */
export async function pickToday(scope: Page | Locator, label: string): Promise<void> {
  await pickDate(scope, label, today());
}
