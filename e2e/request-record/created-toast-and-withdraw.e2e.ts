import { editPathFor, FIELD_MAX, requestForm } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { expectPath, launchBrowser } from '../support/browser.ts';
import {
  createViaApi,
  field,
  fillRequest,
  freshUnit,
  openRecord,
  pageAs,
  requestFields,
  screenshot,
  shownValue,
  submitButton,
  tokenOf,
} from '../requests/support.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('creating, correcting and withdrawing a request (issue 15)', () => {
  it('[SOLICITANTE][CREATE]: Unidade past 20 characters is counted and refused, never cut; the created toast carries the number and a link to it', async () => {
    const page = await pageAs(browser, baseUrl, 'solicitante@demo.portal');
    await page.goto(form.newPath);
    await fillRequest(page, form);
    const unidade = freshUnit('2');
    const long = `${unidade}${'9'.repeat(FIELD_MAX.unidade + 1 - unidade.length)}`;
    await field(page, 'Unidade').fill(long);
    // The whole text stays in the input; the counter says by how much it is over.
    expect(await field(page, 'Unidade').inputValue()).toBe(long);
    await page
      .getByText(`${FIELD_MAX.unidade + 1}/${FIELD_MAX.unidade} caracteres (1 além do máximo)`)
      .waitFor();
    await submitButton(page).click();
    await page
      .getByText(`O campo Unidade pode ter no máximo ${FIELD_MAX.unidade} caracteres.`)
      .first()
      .waitFor();
    await expectPath(page, form.newPath);

    await field(page, 'Unidade').fill(unidade);
    await expect.poll(() => field(page, 'Unidade').getAttribute('aria-describedby')).toBeTruthy();
    const counter = page.locator(
      `#${(await field(page, 'Unidade').getAttribute('aria-describedby'))!.split(' ')[0]}`,
    );
    expect(await counter.innerText()).toContain(`${unidade.length}/${FIELD_MAX.unidade} caracteres`);
    await submitButton(page).click();
    const created = page
      .getByRole('alert')
      .filter({ hasText: /Salvo com sucesso: solicitação nº \d+ cadastrada\./ });
    await created.waitFor();
    const link = created.getByRole('link', { name: /^Abrir a solicitação nº \d+$/ });
    const id = Number((await link.innerText()).match(/\d+$/)![0]);
    expect(await link.getAttribute('href')).toBe(editPathFor(form, id));
    await screenshot(page, 'record-created-toast');
    await link.click();
    await expectPath(page, editPathFor(form, id));
    await page.getByRole('heading', { name: `${form.title} nº ${id}` }).waitFor();
    // Still the requester's to correct (nobody acted yet): the unit is in its input.
    await expect.poll(() => shownValue(page, 'Unidade')).toBe(unidade);
    await page.context().close();
  });

  it('[SOLICITANTE][CORRECT + WITHDRAW]: while nobody acted, the requester corrects a field and then deletes the request', async () => {
    const unidade = freshUnit('2');
    const { id } = await createViaApi(baseUrl, form, 'solicitante@demo.portal', requestFields(unidade));
    const page = await pageAs(browser, baseUrl, 'solicitante@demo.portal');
    await openRecord(page, form, id);
    await page.getByText('pode corrigi-la ou excluí-la').waitFor();
    await field(page, 'Número').fill('2024');
    await submitButton(page).click();
    await page.getByText('Salvo com sucesso').first().waitFor();

    await openRecord(page, form, id);
    expect(await field(page, 'Número').inputValue()).toBe('2024');
    await page.getByRole('button', { name: 'Excluir solicitação' }).click();
    const confirm = page.getByRole('dialog', { name: 'Você tem certeza?' });
    await confirm.getByText('Isso não poderá ser desfeito', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Sim, Apagar!' }).click();
    await page.getByText('Apagado com sucesso!').first().waitFor();
    await expectPath(page, form.listPath);
    const token = await tokenOf(baseUrl, 'solicitante@demo.portal');
    expect((await apiCall(baseUrl, 'POST', `${form.apiBase}/list`, token, { id })).status).toBe(404);
    await page.context().close();
  });

  it('[SOLICITANTE][VIEW]: once the regional has acted, the record is read-only for the requester, with the reason', async () => {
    const unidade = freshUnit('2');
    const { id } = await createViaApi(baseUrl, form, 'solicitante@demo.portal', requestFields(unidade));
    const regional = await tokenOf(baseUrl, 'regional@demo.portal');
    const read = await apiCall(baseUrl, 'POST', `${form.apiBase}/list`, regional, { id });
    const version = (read.body!.dados as { version: number }).version;
    const acted = await apiCall(baseUrl, 'POST', `${form.apiBase}/edit`, regional, {
      id,
      version,
      status: 0,
      endereco_id: `TSPV${unidade.slice(-6)}`,
      observacao: 'Recebida.',
    });
    expect(acted.status).toBe(200);

    const page = await pageAs(browser, baseUrl, 'solicitante@demo.portal');
    await openRecord(page, form, id);
    await page.getByText('Somente leitura').first().waitFor();
    await page
      .getByText('Seu grupo não pode alterar esta solicitação no status "Solicitação Iniciada".')
      .waitFor();
    expect(await submitButton(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Excluir solicitação' }).count()).toBe(0);
    expect(await page.locator('form input[id^="campo-"]').count()).toBe(0);
    await page.context().close();
  });
});
