import { requestForm, statusLabel, type RequestStatus } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser } from '../support/browser.ts';
import {
  field,
  fillRequest,
  fillTariffBlock,
  freshUnit,
  openRecord,
  optionsOf,
  rolePages,
  saveAndReturn,
  screenshot,
  statusOf,
  takeAction,
} from './support.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('agua', 'nova');
const label = (s: RequestStatus) => statusLabel(s, form.flow, form.kind);
const matricula = freshUnit('1');
let browser: Browser;
const pages: Record<string, Page> = {};
let id = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  Object.assign(pages, await rolePages(browser, baseUrl, ['solicitante', 'regional', 'celula', 'amee']));
});
afterAll(async () => {
  await browser?.close();
});

describe('water new unit on the same engine (spec part 2 §2.11–§2.12)', () => {
  it('[SOLICITANTE][CREATE]: Matrícula/RGI and Hidrômetro wording, water site types, no voltage', async () => {
    const page = pages.solicitante!;
    await page.goto(form.listPath);
    // Sortable headers are buttons.
    await page.locator('th[data-accessor="unidade"]').filter({ hasText: 'Matrícula/RGI' }).waitFor();
    await page.getByRole('link', { name: form.createButton }).click();
    await expectPath(page, form.newPath);
    expect(await optionsOf(page, 'Tipo do Site')).toEqual([
      'ADM',
      'Loja',
      'Prédio Industrial',
      'Rural',
      'Outros',
    ]);
    expect(await field(page, 'Tipo de Tensão').count()).toBe(0);
    await fillRequest(page, form);
    await field(page, 'Matrícula/RGI').fill(matricula);
    await screenshot(page, 'requests-agua-form-solicitante');
    await saveAndReturn(page, form);
    await page.getByRole('textbox', { name: 'Pesquisar' }).fill(matricula);
    const row = page.getByRole('row').filter({ hasText: matricula });
    await row.getByText(label(0)).waitFor();
    await screenshot(page, 'requests-agua-list-solicitante');
    id = Number(
      (await row.getByRole('link', { name: /^Abrir solicitação nº/ }).getAttribute('href'))!.split('/').pop(),
    );
  });

  it('[REGIONAL][APPROVE]: approves with the address id', async () => {
    const page = pages.regional!;
    await openRecord(page, form, id);
    await field(page, 'Endereço ID').fill(`TSPW${matricula.slice(-6)}`);
    await takeAction(page, form, 'Aprovar');
    expect(await statusOf(baseUrl, form, id)).toBe(2);
  });

  it('[CELULA][APPROVE]: fills the water cell block and approves as "Aprovada Matrícula/RGI"', async () => {
    const page = pages.celula!;
    await openRecord(page, form, id);
    expect(await field(page, 'Mercado').count()).toBe(0);
    await fillTariffBlock(page, form, {
      pagamento: 'PM',
      centroCusto: 'CC3000',
      contaContabil: '41300',
      dataLigacao: '2026-11-30',
    });
    await screenshot(page, 'requests-agua-form-celula');
    await takeAction(page, form, 'Aprovar');
    expect(await statusOf(baseUrl, form, id)).toBe(7);
  });

  it('[AMEE][INSERT]: inserts it into the base', async () => {
    const page = pages.amee!;
    await openRecord(page, form, id);
    await takeAction(page, form, 'Inserir na base');
    expect(await statusOf(baseUrl, form, id)).toBe(8);
  });
});
