import {
  cnpjCheckDigits,
  editPathFor,
  requestForm,
  SEARCH_HINT,
  SEARCH_NO_LETTERS,
  STATUS,
  statusLabel,
} from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser } from '../support/browser.ts';
import { createViaApi, freshUnit, pageAs, requestFields, screenshot } from '../requests/support.ts';

/**
 * Issue 34, search by anything: the top bar's box (Ctrl+K) finds a request by part of its CNPJ,
 * typed with the mask, and by its street, without the accent, answers grouped by form with the
 * status, and opens the record. Each role sees only what its lists show.
 */
const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
const unidade = freshUnit('6');
const stamp = unidade.slice(-6);
// A CNPJ no other request has: a random root and branch with their check digits.
const root = `${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
const base = `${root}0001`;
const cnpj = `${base}${cnpjCheckDigits(base)}`;
const maskedRoot = `${root.slice(0, 2)}.${root.slice(2, 5)}.${root.slice(5, 8)}`;
const street = `Rua Professora Zélia ${stamp}`;
let id = 0;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ id } = await createViaApi(
    baseUrl,
    form,
    'solicitante@demo.portal',
    requestFields(unidade, { cnpj_solicitada: cnpj, endereco: street }),
  ));
});
afterAll(async () => {
  await browser?.close();
});

const box = (page: Page) => page.getByRole('searchbox', { name: 'Buscar solicitações e regularizações' });
const results = (page: Page) => page.getByRole('region', { name: 'Resultados da busca' });

describe.sequential('the top bar finds a request by what people say on the phone (issue 34)', () => {
  it('[CELULA][SEARCH]: Ctrl+K, part of the CNPJ with its mask, the UC Nova group with the status, and the record opens', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await page.goto('/dashboard');
    await box(page).waitFor();
    await page.keyboard.press('Control+k');
    await expect.poll(() => box(page).evaluate((el) => el === document.activeElement)).toBe(true);
    // The hint under the box says what it searches.
    await results(page).getByText(SEARCH_HINT).waitFor();

    await box(page).fill(maskedRoot);
    const group = results(page).getByRole('region', { name: form.title });
    const hit = group.getByRole('link').filter({ hasText: unidade });
    await hit.waitFor();
    await expect.poll(() => hit.innerText()).toContain(statusLabel(STATUS.INICIADA, form.flow, form.kind));
    await expect.poll(() => hit.innerText()).toContain(street);
    await screenshot(page, 'busca-geral-cnpj-parcial');
    await hit.click();
    await expectPath(page, editPathFor(form, id));
    await page.getByText(unidade).first().waitFor();
    await page.close();
  });

  it('[SOLICITANTE][SEARCH]: the street typed without its accent, Enter opens the first result', async () => {
    const page = await pageAs(browser, baseUrl, 'solicitante@demo.portal');
    await page.goto('/dashboard');
    await box(page).click();
    await box(page).fill(`professora zelia ${stamp}`);
    await results(page).getByRole('link').filter({ hasText: unidade }).waitFor();
    await box(page).press('Enter');
    await expectPath(page, editPathFor(form, id));
    await page.close();
  });

  it('[TOWER][SCOPE]: another company does not find it', async () => {
    const page = await pageAs(browser, baseUrl, 'tower@demo.portal');
    await page.goto('/dashboard');
    await box(page).fill(maskedRoot);
    await results(page).getByText('Nenhum resultado encontrado!').waitFor();
    await page.close();
  });

  it('[CELULA][BAD INPUT]: only punctuation is refused with a message, and nothing is searched', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await page.goto('/dashboard');
    await box(page).fill('.../-');
    await results(page).getByRole('alert').filter({ hasText: SEARCH_NO_LETTERS }).waitFor();
    await box(page).fill('x'.repeat(101));
    await results(page).getByRole('alert').filter({ hasText: '100 caracteres' }).waitFor();
    await page.close();
  });

  it("[AMEE][PHONE]: at 390×844 the top bar's logo, box and bell do not overlap, and the results span the screen", async () => {
    const page = await pageAs(browser, baseUrl, 'amee@demo.portal');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await box(page).waitFor();
    const edges = async (selector: string) => {
      const b = (await page.locator(selector).first().boundingBox())!;
      return { left: b.x, right: b.x + b.width, width: b.width };
    };
    const logo = await edges('header a[href="/dashboard"]');
    const input = await edges('header [data-testid="busca-geral"]');
    const bell = await edges('header [role="group"][aria-label="Usuário conectado"]');
    expect(input.left).toBeGreaterThanOrEqual(logo.right);
    expect(input.right).toBeLessThanOrEqual(bell.left);
    expect(input.width).toBeGreaterThanOrEqual(80);
    await box(page).fill(`zelia ${stamp}`);
    await results(page).getByRole('region', { name: form.title }).getByRole('link').first().waitFor();
    const panel = (await results(page).boundingBox())!;
    expect(panel.width).toBeGreaterThanOrEqual(340);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'busca-geral-390');
    await page.close();
  });

  it('[CELULA][LIST]: the list box has a short placeholder, the hint below it, and finds by the street too', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(form.listPath);
    const search = page.getByLabel('Pesquisar');
    await search.waitFor();
    expect(await search.getAttribute('placeholder')).toBe('Buscar solicitações…');
    await page.getByText(SEARCH_HINT).first().waitFor();
    await search.fill(`zelia ${stamp}`);
    await page.getByText('Mostrando 1 para 1 de 1 registros').waitFor();
    await screenshot(page, 'busca-lista-dica');
    await page.close();
  });
});
