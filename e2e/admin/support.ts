import { SEARCH_MIN_LENGTH } from '@portal/domain';
import type { Locator, Page } from 'playwright-core';
import { choose, field, pageAs, screenshot, toast } from '../support/ui.ts';

/** Helpers of the administration journeys: list and modal shortcuts. The shared ones come from support/ui.ts. */
export { choose, field, pageAs, screenshot, toast };

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

/** A unique suffix, so journeys can run again on the same database. */
export const unique = () => Date.now().toString(36);
