import { requestForm, statusLabel, type RequestStatus } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser } from '../support/browser.ts';
import {
  actionsOf,
  choose,
  chooseFirst,
  enabledFields,
  field,
  fillTariffBlock,
  freshUnit,
  isRequired,
  openAction,
  openRecord,
  optionsOf,
  pickDate,
  rolePages,
  saveAndReturn,
  screenshot,
  shownValue,
  statusOf,
  submitButton,
  takeAction,
  timelineOf,
} from './support.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
const label = (s: RequestStatus) => statusLabel(s, form.flow, form.kind);

let browser: Browser;
const pages: Record<string, Page> = {};
const unidade = freshUnit('7');
let id = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  Object.assign(pages, await rolePages(browser, baseUrl, ['solicitante', 'regional', 'celula', 'amee']));
});
afterAll(async () => {
  await browser?.close();
});

/** What a role that may not act sees: the record as text, no input, no 'Salvar', no action. */
async function expectReadOnly(page: Page) {
  await openRecord(page, form, id);
  expect(await enabledFields(page)).toEqual([]);
  expect(await submitButton(page).count()).toBe(0);
  expect(await actionsOf(page)).toEqual([]);
  await page.getByText('Somente leitura').first().waitFor();
}

describe('energy new unit from request to base (spec part 1 §2, §4, §5)', () => {
  it('[SOLICITANTE][CREATE]: fills the form; the CEP fills the address, the UF fills CNPJ TIM and loads its cities', async () => {
    const page = pages.solicitante!;
    await page.goto(form.listPath);
    await page.getByRole('heading', { name: form.title }).waitFor();
    await screenshot(page, 'requests-list-solicitante');
    await page.getByRole('link', { name: form.createButton }).click();
    await expectPath(page, form.newPath);

    // Dados do Solicitante come from the session.
    expect(await shownValue(page, 'Nome')).toBe('Sofia Solicitante');
    expect(await shownValue(page, 'Empresa')).toBe('Conecta Engenharia e Serviços Ltda.');
    // No status selector while creating; no cell blocks for the requester.
    expect(await page.getByLabel('Status', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Dados da Célula' }).count()).toBe(0);

    await field(page, 'Site ID').fill('SITE7');
    // Postal-code lookup (spec part 1 §5), answered by the ViaCEP stub of support/server.ts.
    // An unknown CEP: a notice says to type the address, and the address inputs stay open and empty.
    const cep = field(page, 'CEP');
    await cep.pressSequentially('99999999');
    await cep.press('Tab');
    await page.keyboard.press('Escape');
    await page.getByText('CEP não encontrado. Preencha o endereço manualmente.').waitFor();
    for (const name of ['Endereço', 'Bairro', 'Cidade', 'UF']) {
      expect(await field(page, name).isEnabled()).toBe(true);
      expect(await field(page, name).inputValue()).toBe('');
    }
    await screenshot(page, 'requests-form-cep-unknown');
    // A known CEP fills street, district, city and UF; the UF in turn fills CNPJ TIM.
    await cep.fill('');
    await cep.pressSequentially('01310100');
    expect(await cep.inputValue()).toBe('01310-100');
    await cep.press('Tab');
    await page.keyboard.press('Escape');
    await expect.poll(() => field(page, 'Endereço').inputValue()).toBe('Avenida Paulista');
    expect(await field(page, 'Bairro').inputValue()).toBe('Bela Vista');
    expect(await field(page, 'Cidade').inputValue()).toBe('São Paulo');
    expect(await field(page, 'UF').inputValue()).toBe('SP - São Paulo');
    expect(await page.getByText('CEP não encontrado').count()).toBe(0);
    expect(await field(page, 'Endereço').isEnabled()).toBe(true);
    await screenshot(page, 'requests-form-cep-found');
    // Only the regionals serving the unit's UF are offered (issue 30): SP is TSP's alone.
    expect(await optionsOf(page, 'Regional')).toEqual(['TSP - São Paulo']);
    await choose(page, 'Regional', 'TSP - São Paulo');
    expect(await shownValue(page, 'CNPJ TIM')).toBe('31.447.205/0026-00');
    expect(await optionsOf(page, 'Cidade')).toContain('Campinas');
    await field(page, 'Número').fill('1578');
    await field(page, 'CNPJ/CPF da UC Solicitada').pressSequentially('11222333000181');
    expect(await field(page, 'CNPJ/CPF da UC Solicitada').inputValue()).toBe('11.222.333/0001-81');
    await chooseFirst(page, 'Concessionária');
    await field(page, 'Unidade').fill(unidade);
    await field(page, 'Número do Medidor').fill('MED7788');
    await choose(page, 'Tipo de Tensão', 'Baixa');
    await choose(page, 'Tipo do Site', 'ADM');
    await field(page, 'Observação').fill('Nova loja na Paulista.');
    await screenshot(page, 'requests-form-solicitante-new');

    await saveAndReturn(page, form);
    await page.getByRole('textbox', { name: 'Pesquisar' }).fill(unidade);
    const row = page.getByRole('row').filter({ hasText: unidade });
    await row.getByText(label(0)).waitFor();
    const href = await row.getByRole('link', { name: /^Abrir solicitação nº/ }).getAttribute('href');
    id = Number(href!.split('/').pop());
    expect(id).toBeGreaterThan(0);
  });

  it('[REGIONAL][EDIT]: at 0 only Endereço ID, Site ID and observação are open, with its three moves as buttons; moves to 1', async () => {
    const page = pages.regional!;
    await page.goto(form.listPath);
    await page.getByRole('textbox', { name: 'Pesquisar' }).fill(unidade);
    await page
      .getByRole('row')
      .filter({ hasText: unidade })
      .getByRole('link', { name: /^Abrir solicitação nº/ })
      .click();
    await page.getByRole('heading', { name: `${form.title} nº ${id}` }).waitFor();
    expect(await enabledFields(page)).toEqual(['endereco_id', 'site_id', 'observacao']);
    expect(await actionsOf(page)).toEqual(['Iniciar validação', 'Aprovar', 'Recusar']);
    // Keeping the status is a plain save.
    await submitButton(page).waitFor();
    await screenshot(page, 'requests-form-regional');

    await field(page, 'Endereço ID').fill(`TSP${unidade.slice(-6)}`);
    await field(page, 'Observação').fill('Em análise pela regional.');
    await takeAction(page, form, 'Iniciar validação');
    await screenshot(page, 'requests-list-regional');
    expect(await statusOf(baseUrl, form, id)).toBe(1);
  });

  it('[SOLICITANTE][VIEW]: after sending, the requester sees the request read-only', async () => {
    await expectReadOnly(pages.solicitante!);
    await screenshot(pages.solicitante!, 'requests-form-solicitante-readonly');
  });

  it('[REGIONAL][APPROVE]: moves 1 to 2', async () => {
    const page = pages.regional!;
    await openRecord(page, form, id);
    expect(await actionsOf(page)).toEqual(['Aprovar', 'Recusar']);
    await takeAction(page, form, 'Aprovar');
    expect(await statusOf(baseUrl, form, id)).toBe(2);
  });

  it('[CELULA][EDIT]: at 2 the cell block is open; moves to 4', async () => {
    const page = pages.celula!;
    await page.goto(form.listPath);
    await screenshot(page, 'requests-list-celula');
    await openRecord(page, form, id);
    const enabled = await enabledFields(page);
    expect(enabled).toEqual(
      expect.arrayContaining(['data_ativacao', 'protocolo', 'tipo_de_pagamento', 'classe_tarifaria']),
    );
    expect(enabled).not.toContain('unidade');
    expect(await actionsOf(page)).toEqual([
      'Colocar em validação',
      'Enviar para a concessionária',
      'Recusar',
      'Aprovar',
      'Devolver à Tower',
    ]);
    await takeAction(page, form, 'Colocar em validação');

    // The regional has nothing left to do at 4.
    await expectReadOnly(pages.regional!);
  });

  it('[CELULA][APPROVE]: "Enviar para a concessionária" asks for the tariff block; filled, it saves', async () => {
    const page = pages.celula!;
    await openRecord(page, form, id);
    await pickDate(page, 'Previsão de Ativação', '2026-12-15');
    const dialog = await openAction(page, 'Enviar para a concessionária');
    await dialog.getByRole('button', { name: 'Confirmar: Enviar para a concessionária' }).click();
    await dialog.getByText('O campo Tipo de Pagamento é obrigatório.').first().waitFor();
    await dialog.getByText('O campo Classe Tarifária é obrigatório.').first().waitFor();
    expect(await statusOf(baseUrl, form, id)).toBe(4);

    await fillTariffBlock(dialog, form, {
      pagamento: 'PM',
      centroCusto: 'CC1020',
      contaContabil: '41100',
      dataLigacao: '2026-12-20',
    });
    await screenshot(page, 'requests-form-celula');
    await dialog.getByRole('button', { name: 'Confirmar: Enviar para a concessionária' }).click();
    await page.getByText('Salvo com sucesso').first().waitFor();
    await expectPath(page, form.listPath);
    expect(await statusOf(baseUrl, form, id)).toBe(5);
  });

  it('[CELULA][APPROVE]: "Aprovar" requires Tipo de Pagamento ("Recusar" does not); moves to 7', async () => {
    const page = pages.celula!;
    await openRecord(page, form, id);
    expect(await isRequired(page, 'Tipo de Pagamento')).toBe(false);
    const refusal = await openAction(page, 'Recusar');
    expect(await refusal.getByLabel(/^Tipo de Pagamento/).count()).toBe(0);
    await refusal.getByRole('button', { name: 'Cancelar' }).click();
    await takeAction(page, form, 'Aprovar', async (dialog) => {
      expect(await isRequired(dialog, 'Tipo de Pagamento')).toBe(true);
      expect(await shownValue(dialog, 'Tipo de Pagamento')).toBe('PM');
    });
    expect(await statusOf(baseUrl, form, id)).toBe(7);
    await expectReadOnly(pages.regional!);
  });

  it('[AMEE][INSERT]: only observação and its two moves; "Inserir na base" moves 7 to 8', async () => {
    const page = pages.amee!;
    await page.goto(form.listPath);
    await screenshot(page, 'requests-list-amee');
    await openRecord(page, form, id);
    expect(await enabledFields(page)).toEqual(['observacao']);
    expect(await actionsOf(page)).toEqual(['Inserir na base', 'Recusar']);
    await field(page, 'Observação').fill('Inserida na base.');
    await screenshot(page, 'requests-form-amee');
    await takeAction(page, form, 'Inserir na base');
    expect(await statusOf(baseUrl, form, id)).toBe(8);
  });

  it('[SOLICITANTE][VIEW HISTORY]: the final request is read-only and its timeline lists every step', async () => {
    const page = pages.solicitante!;
    await expectReadOnly(page);
    const timeline = timelineOf(page);
    for (const s of [0, 1, 2, 4, 5, 7, 8] as RequestStatus[]) {
      await timeline.getByText(label(s), { exact: true }).first().waitFor();
    }
    await timeline.getByText('Observação: Inserida na base.').waitFor();
    await timeline.getByText('Observação: Nova loja na Paulista.').waitFor();
    await screenshot(page, 'requests-history-status');
  });
});
