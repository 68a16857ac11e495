import { duplicateTitle, requestForm } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import {
  createViaApi,
  field,
  fillRequest,
  freshUnit,
  pageAs,
  requestFields,
  saveAndReturn,
  screenshot,
  submitButton,
  tokenOf,
} from './support.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A unit the seed puts in the provider's base (and nowhere in the workflow). */
async function baseUnit(): Promise<string> {
  const token = await tokenOf(baseUrl, 'solicitante@demo.portal');
  for (const candidate of ['3000007919', '3000015838', '3000000000']) {
    const answer = await apiCall(baseUrl, 'POST', `${form.apiBase}/validar-unidade`, token, {
      unidade: candidate,
    });
    const matches = answer.body!.dados as { origem: string }[];
    if (matches.length && matches.every((m) => m.origem === 'base')) return candidate;
  }
  throw new Error('nenhuma unidade da base Xerox/AM Energia disponível');
}

describe('duplicate checks on leaving Unidade (spec part 1 §5)', () => {
  it('[SOLICITANTE][CREATE]: a unit already in the workflow hides Cadastrar, with no way around', async () => {
    const unidade = freshUnit('4');
    await createViaApi(baseUrl, form, 'solicitante@demo.portal', requestFields(unidade));
    const page = await pageAs(browser, baseUrl, 'solicitante@demo.portal');
    await page.goto(form.newPath);
    await fillRequest(page, form);
    await field(page, 'Unidade').fill(unidade);
    await field(page, 'Unidade').press('Tab');
    const dialog = page.getByRole('dialog', { name: form.duplicate.workflowTitle });
    await dialog.waitFor();
    await dialog.getByText('Entre em contato com a regional responsável.', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: form.duplicate.overrideButton }).count()).toBe(0);
    await screenshot(page, 'requests-duplicate-workflow');
    await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();
    expect(await submitButton(page).count()).toBe(0);
    await page.context().close();
  });

  it('[SOLICITANTE][CREATE]: an Endereço ID already in the workflow gets its own title and names the value', async () => {
    const enderecoId = `END${freshUnit('6').slice(-8)}`;
    await createViaApi(
      baseUrl,
      form,
      'solicitante@demo.portal',
      requestFields(freshUnit('4'), { endereco_id: enderecoId }),
    );
    const page = await pageAs(browser, baseUrl, 'solicitante@demo.portal');
    await page.goto(form.newPath);
    await field(page, 'Endereço ID').fill(enderecoId);
    await field(page, 'Endereço ID').press('Tab');
    const dialog = page.getByRole('dialog', { name: duplicateTitle(form, 'endereco_id', true) });
    await dialog.waitFor();
    await dialog
      .getByText(`Endereço ID ${enderecoId} já possui uma solicitação em andamento`, { exact: false })
      .waitFor();
    await screenshot(page, 'requests-duplicate-endereco');
    await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();
    expect(await submitButton(page).count()).toBe(0);
    await page.context().close();
  });

  it('[SOLICITANTE][CREATE]: a unit of the provider base can be filed after "Cadastrar mesmo assim?"', async () => {
    const unidade = await baseUnit();
    const page = await pageAs(browser, baseUrl, 'solicitante@demo.portal');
    await page.goto(form.newPath);
    await fillRequest(page, form);
    await field(page, 'Unidade').fill(unidade);
    await field(page, 'Unidade').press('Tab');
    const dialog = page.getByRole('dialog', { name: form.duplicate.baseTitle });
    await dialog.waitFor();
    await dialog.getByText(unidade, { exact: true }).waitFor();
    await dialog
      .getByText(/^(Ativa|Inativa)$/)
      .first()
      .waitFor();
    await screenshot(page, 'requests-duplicate-base');
    expect(await submitButton(page).count()).toBe(0);

    await dialog.getByRole('button', { name: form.duplicate.overrideButton }).click();
    await submitButton(page).waitFor();
    await saveAndReturn(page, form);

    const token = await tokenOf(baseUrl, 'solicitante@demo.portal');
    const list = await apiCall(baseUrl, 'POST', `${form.apiBase}/list`, token, {
      q: unidade,
      page: 1,
      per_page: 10,
    });
    const [row] = list.body!.dados as { id: number }[];
    const notes = await apiCall(baseUrl, 'POST', `${form.apiBase}/historicos`, token, {
      id_unidade: row!.id,
    });
    expect(JSON.stringify(notes.body!.dados)).toContain(
      'Cadastro confirmado pelo usuário apesar de duplicidade',
    );
    await page.context().close();
  });
});
