import { editPathFor, requestForm, STATUS } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser, openPage, signIn } from '../support/browser.ts';
import { DEMO_PASSWORD } from '../support/demo.ts';
import { statusFilterValues } from './support.ts';
import { createViaApi, field, pageAs, requestFields, screenshot, submitButton } from '../requests/support.ts';

/**
 * Issue 15, point 2: a request list keeps its place. Filter, search and page live in the URL, so
 * a save, the form's "Voltar", a reload, a shared link and the back button all return to the
 * same filtered page; on a phone the rows are cards and nothing scrolls sideways.
 */
const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
// A word only this run's requests carry, in the middle of the unit ("contains" search).
const word = `Q${Date.now().toString().slice(-7)}`;
const MATCHES = 13;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  for (let i = 0; i < MATCHES; i++)
    await createViaApi(
      baseUrl,
      form,
      'solicitante@demo.portal',
      requestFields(`ERB ${word}${String(i).padStart(2, '0')}`, {
        endereco_id: `E${word.slice(1)}${String(i).padStart(2, '0')}`,
      }),
    );
});
afterAll(async () => {
  await browser?.close();
});

const counter = (page: Page) => page.getByText(/^Mostrando \d+ para \d+ de \d+ registros$/);
const searchOf = (page: Page) => new URL(page.url()).search;

describe.sequential('a filtered page survives save and reload (issue 15)', () => {
  let page: Page;
  let filtered = '';

  it('[REGIONAL][LIST]: status filter, contains-search and page 2 are written to the URL', async () => {
    page = await pageAs(browser, baseUrl, 'regional@demo.portal');
    await page.goto(form.listPath);
    await page.getByRole('heading', { name: form.title }).waitFor();

    await field(page, 'Filtrar Status').click();
    // Two statuses: what the requester started and what waits for the regional.
    await page.getByRole('option', { name: 'Solicitação Iniciada', exact: true }).click();
    await expect.poll(() => searchOf(page)).toBe(`?status=${STATUS.INICIADA}`);
    await page.getByRole('option', { name: 'Em Validação Regional', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => searchOf(page))
      .toBe(`?status=${STATUS.INICIADA},${STATUS.EM_VALIDACAO_REGIONAL}`);

    // Part of the unit, not its start: "contains".
    await page.getByLabel('Pesquisar').fill(word.slice(1).toLowerCase());
    await page.getByText(`Mostrando 1 para 10 de ${MATCHES} registros`).waitFor();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.getByText(`Mostrando 11 para ${MATCHES} de ${MATCHES} registros`).waitFor();
    filtered = searchOf(page);
    expect(Object.fromEntries(new URLSearchParams(filtered))).toEqual({
      status: `${STATUS.INICIADA},${STATUS.EM_VALIDACAO_REGIONAL}`,
      q: word.slice(1).toLowerCase(),
      pagina: '2',
    });
    await screenshot(page, 'lista-filtrada-pagina-2');
  });

  it('[REGIONAL][SAVE]: a row opens the record; after the save the list is the same filtered page', async () => {
    const row = page.getByRole('row').filter({ hasText: word }).first();
    const id = Number(
      (await row
        .getByRole('link', { name: /^Abrir solicitação nº \d+$/ })
        .getAttribute('aria-label'))!.replace(/\D/g, ''),
    );
    // The whole row opens it, not only the number.
    await row.getByText(`ERB ${word}`, { exact: false }).click();
    await expectPath(page, editPathFor(form, id));
    await page.getByRole('heading', { name: `${form.title} nº ${id}` }).waitFor();
    await submitButton(page).click();
    try {
      await page.getByText('Salvo com sucesso').first().waitFor();
    } catch (error) {
      // What the page said instead (a refusal names its field).
      await screenshot(page, 'lista-salvar-falhou');
      throw new Error(`${String(error)}\n${(await page.getByRole('alert').allInnerTexts()).join(' | ')}`);
    }
    await expectPath(page, form.listPath);
    expect(searchOf(page)).toBe(filtered);
    await page.getByText(`Mostrando 11 para ${MATCHES} de ${MATCHES} registros`).waitFor();
    expect(await page.getByLabel('Pesquisar').inputValue()).toBe(word.slice(1).toLowerCase());
    expect(await statusFilterValues(page)).toEqual(['Solicitação Iniciada', 'Em Validação Regional']);
  });

  it('[REGIONAL][RELOAD]: a reload shows the same page', async () => {
    await page.reload();
    await page.getByText(`Mostrando 11 para ${MATCHES} de ${MATCHES} registros`).waitFor();
    expect(searchOf(page)).toBe(filtered);
  });

  it('[REGIONAL][VOLTAR]: "Voltar" on a record opened by keyboard returns to the same page', async () => {
    const link = page.getByRole('link', { name: /^Abrir solicitação nº \d+$/ }).first();
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: new RegExp(`^${form.title} nº \\d+$`) }).waitFor();
    await page.getByRole('link', { name: 'Voltar' }).first().click();
    await expectPath(page, form.listPath);
    expect(searchOf(page)).toBe(filtered);
    await page.getByText(`Mostrando 11 para ${MATCHES} de ${MATCHES} registros`).waitFor();
  });

  it('[REGIONAL][BACK BUTTON]: page 1, then back, shows page 2 again; forward, page 1', async () => {
    await page.getByRole('button', { name: '1', exact: true }).click();
    await page.getByText(`Mostrando 1 para 10 de ${MATCHES} registros`).waitFor();
    expect(new URLSearchParams(searchOf(page)).has('pagina')).toBe(false);
    await page.goBack();
    await page.getByText(`Mostrando 11 para ${MATCHES} de ${MATCHES} registros`).waitFor();
    expect(searchOf(page)).toBe(filtered);
    await page.goForward();
    await page.getByText(`Mostrando 1 para 10 de ${MATCHES} registros`).waitFor();
  });

  it('[REGIONAL][SHARED LINK]: the address opened in another session shows the same page', async () => {
    const other = await openPage(browser, baseUrl);
    await signIn(other, 'regional@demo.portal', DEMO_PASSWORD);
    await other.waitForURL((url) => url.pathname === '/dashboard');
    await other.goto(`${form.listPath}${filtered}`);
    await other.getByText(`Mostrando 11 para ${MATCHES} de ${MATCHES} registros`).waitFor();
    await other.context().close();
  });

  it('[REGIONAL][OLD ROUTE]: /cadastro-uc-nova/0 is the list filtered by status 0, in the URL', async () => {
    await page.goto(`${form.listPath}/${STATUS.INICIADA}`);
    await expectPath(page, form.listPath);
    expect(searchOf(page)).toBe(`?status=${STATUS.INICIADA}`);
    await counter(page).waitFor();
    expect(await statusFilterValues(page)).toEqual(['Solicitação Iniciada']);
  });
});

describe('the list on a phone (issue 15)', () => {
  it('[REGIONAL][PHONE]: at 390×844 the rows are cards, nothing scrolls sideways, a card opens the record', async () => {
    const phone = await openPage(browser, baseUrl, { width: 390, height: 844 });
    await signIn(phone, 'regional@demo.portal', DEMO_PASSWORD);
    await phone.waitForURL((url) => url.pathname === '/dashboard');
    await phone.goto(`${form.listPath}?q=${word}`);
    const cards = phone.getByTestId('request-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(10);
    await phone.getByText(`Mostrando 1 para 10 de ${MATCHES} registros`).waitFor();
    expect(await phone.getByRole('table').count()).toBe(0);
    const overflow = await phone.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
    await screenshot(phone, 'lista-celular');
    const name = (await cards.first().getAttribute('aria-label'))!;
    await cards.first().click();
    await phone.getByRole('heading', { name: `${form.title} ${name.replace('Solicitação ', '')}` }).waitFor();
    await phone.context().close();
  });
});
