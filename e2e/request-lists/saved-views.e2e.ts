import { requestForm } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REGIONAL_NOT_COVERED } from '@portal/domain';
import {
  choose,
  field,
  fillRequest,
  freshUnit,
  optionsOf,
  pageAs,
  screenshot,
  submitButton,
  toast,
} from '../requests/support.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 34 step 5, views that fit the work: Status is the second column and rows keep to one
 * line at 1440 px; the user picks the columns, saves the list as a view marked default, and the
 * list opens with it; the regional's form offers only its own regional, already chosen.
 */
const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
const viewName = `Célula SP ${Date.now().toString().slice(-5)}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const headers = (page: Page) => page.locator('thead th').allInnerTexts();
const searchOf = (page: Page) => new URL(page.url()).search;

describe.sequential('views that fit the work (issue 34 step 5)', () => {
  let page: Page;

  it('[CELULA][LIST]: Status is the second column, in view at 1440 px, and rows keep to one line', async () => {
    page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await page.goto(form.listPath);
    await page.getByRole('heading', { name: form.title }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    // The cell's bulk-move checkbox column (issue 34 step 4) comes first, a header with no text.
    const titles = (await headers(page)).map((t) => t.trim()).filter((t) => t !== '');
    expect(titles.slice(0, 2)).toEqual(['Nº', 'Status']);
    const status = await page
      .locator('thead th')
      .filter({ hasText: /^Status$/ })
      .boundingBox();
    expect(status!.x + status!.width).toBeLessThanOrEqual(1440);
    // One line: a row is no taller than its badge and padding.
    const row = await page.locator('tbody tr').first().boundingBox();
    expect(row!.height).toBeLessThan(48);
    await screenshot(page, 'request-lists-status-second');
  });

  it('[CELULA][LIST]: the column picker shows and hides columns, kept in the URL', async () => {
    await page.getByRole('button', { name: 'Colunas', exact: true }).click();
    // The panel opens once its code is here; then each click shows at once.
    const panel = page.getByRole('dialog');
    await panel.getByRole('checkbox', { name: 'Status' }).waitFor();
    await expect.poll(() => panel.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await panel.getByRole('checkbox', { name: 'Empresa' }).click();
    await expect.poll(() => panel.getByRole('checkbox', { name: 'Empresa' }).isChecked()).toBe(true);
    await panel.getByRole('checkbox', { name: 'Dias em aberto' }).click();
    await expect.poll(() => panel.getByRole('checkbox', { name: 'Dias em aberto' }).isChecked()).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => headers(page)).toContain('Empresa');
    expect(await headers(page)).not.toContain('Dias em aberto');
    expect(searchOf(page)).toContain('colunas=');
  });

  it('[CELULA][LIST]: a filtered list saved as the default view opens again with it', async () => {
    await choose(page, 'UF', 'SP - São Paulo', 'SP');
    await expect.poll(() => searchOf(page)).toContain('uf=SP');
    const state = searchOf(page);

    await page.getByRole('button', { name: 'Visões salvas' }).click();
    await page.getByRole('menuitem', { name: 'Salvar como nova visão…' }).click();
    const modal = page.getByRole('dialog', { name: 'Salvar visão' });
    await field(modal, 'Nome da visão').fill(viewName);
    await modal.getByRole('checkbox', { name: 'Abrir a lista com esta visão (padrão)' }).check();
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, `Visão “${viewName}” salva.`).waitFor();
    await page.getByRole('button', { name: `Visões salvas, mostrando “${viewName}”` }).waitFor();

    // Opened again with no query (a reload of the plain path, the menu): the default view applies.
    await page.goto(form.listPath);
    await expect.poll(() => searchOf(page)).toBe(state);
    await expect.poll(() => headers(page)).toContain('Empresa');
    expect(await field(page, 'UF').inputValue()).toBe('SP - São Paulo');
    await page.getByRole('button', { name: `Visões salvas, mostrando “${viewName}”` }).waitFor();
    await screenshot(page, 'request-lists-default-view');
  });

  it('[REGIONAL][FORM]: the Regional field offers only its own regional, already chosen', async () => {
    const regional = await pageAs(browser, baseUrl, 'regional@demo.portal');
    await regional.goto(form.newPath);
    await expect.poll(() => field(regional, 'Regional').inputValue()).toBe('TSP - São Paulo');
    expect(await optionsOf(regional, 'Regional')).toEqual(['TSP - São Paulo']);
    await regional.keyboard.press('Escape');
    // A UF its regional does not serve leaves nothing to choose, and says so.
    await choose(regional, 'UF', 'RJ - Rio de Janeiro', 'RJ');
    await expect.poll(() => field(regional, 'Regional').inputValue()).toBe('');
    expect(await field(regional, 'Regional').getAttribute('placeholder')).toBe(
      'Nenhuma regional atende esta UF',
    );
    await screenshot(regional, 'request-form-regional-own-only');
    await regional.context().close();
  });

  it('[REGIONAL][FORM]: the server’s refusal of a regional reads as a sentence under the field, not a toast', async () => {
    const regional = await pageAs(browser, baseUrl, 'regional@demo.portal');
    await regional.goto(form.newPath);
    await fillRequest(regional, form);
    await field(regional, 'Endereço ID').fill(`E${Date.now().toString().slice(-8)}`);
    await field(regional, 'Unidade').fill(freshUnit());
    // The form offers no other regional now: the refusal the server gives (API test
    // test/visoes/regional-do-formulario) is played back as it answers it.
    await regional.route(`**/api/${form.apiBase}/add`, (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ error: 1, campo: 'regional', msg: REGIONAL_NOT_COVERED }),
      }),
    );
    await submitButton(regional).click();
    const input = field(regional, 'Regional');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    await regional.getByText(REGIONAL_NOT_COVERED).waitFor();
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await toast(regional, 'Não foi possível salvar').count()).toBe(0);
    await screenshot(regional, 'request-form-regional-refused');
    await regional.context().close();
  });
});
