import { requestForm, statusLabel, type RequestStatus } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin } from '../support/api.ts';
import { expectPath, launchBrowser } from '../support/browser.ts';
import {
  attach,
  createUserViaApi,
  createWithFilesViaApi,
  enabledFields,
  field,
  fillTariffBlock,
  freshUnit,
  moveViaApi,
  openRecord,
  paddedPdf,
  requestFields,
  rolePages,
  SAMPLE_FILES,
  screenshot,
  statusOf,
  submitButton,
  throttleUpload,
  reasonViaApi,
  takeAction,
  actionsOf,
  openAction,
  dropzone,
  timelineEvents,
  timelineOf,
} from './support.ts';
import { statusFilterValues } from '../request-lists/support.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const form = requestForm('energia', 'troca');
const label = (s: RequestStatus) => statusLabel(s, form.flow, form.kind);
const unidade = freshUnit('5');
const TOWER_NAME = 'Tânia Tower';
const REFUSAL = 'Falta a autorização assinada pelo proprietário da torre.';
let browser: Browser;
const pages: Record<string, Page> = {};
let id = 0;

/** The file inputs (uploads) of the open form, by API slot. */
const uploadSlots = (page: Page) =>
  page
    .locator('form')
    .locator('[role="button"][id^="campo-"]')
    .evaluateAll((buttons) => buttons.map((b) => b.id.replace('campo-', '')));

const deleteTowerFile = (page: Page) => page.getByRole('button', { name: 'Apagar Anexo Complementar Tower' });

beforeAll(async () => {
  // A requester of the tower's own company, so the tower's scope (its company) holds the request.
  const requester = {
    name: 'Rui Requerente Torres',
    email: `requerente.torres.${Date.now()}@demo.portal`,
    password: 'Torres@2026',
    empresa: 'Torres Brasil Infraestrutura S.A.',
    id_grupo: 23090483,
    id_perfil: 4,
  };
  await createUserViaApi(baseUrl, dataDir, requester);
  const session = await apiLogin(baseUrl, requester.email, requester.password);
  if (!session) throw new Error('login do requerente falhou');
  ({ id } = await createWithFilesViaApi(baseUrl, form, session.token, requestFields(unidade), {
    fatura: SAMPLE_FILES.pdf('fatura-torre.pdf'),
    comprovante_pagamento: SAMPLE_FILES.png('comprovante-torre.png'),
    autorizacao: SAMPLE_FILES.pdf('autorizacao-torre.pdf'),
  }));
  await moveViaApi(baseUrl, form, 'regional@demo.portal', id, {
    endereco_id: `TSPR${unidade.slice(-6)}`,
    status: 1,
  });
  await moveViaApi(baseUrl, form, 'regional@demo.portal', id, { status: 2 });
  const { motivo_recusa_id } = await reasonViaApi(baseUrl, 'celula@demo.portal', 'solicitacao.9');
  await moveViaApi(baseUrl, form, 'celula@demo.portal', id, {
    status: 9,
    observacao: REFUSAL,
    motivo_recusa_id,
  });

  browser = await launchBrowser();
  Object.assign(pages, await rolePages(browser, baseUrl, ['tower', 'celula', 'amee']));
});
afterAll(async () => {
  await browser?.close();
});

describe('the tower fixes a status-9 refusal (spec part 1 §4 Editability, §6; docs/workflow.md)', () => {
  it('[TOWER][FIX REFUSAL]: finds the refused change under /troca-titularidade/9', async () => {
    const page = pages.tower!;
    await page.goto(`${form.listPath}/9`);
    await page.getByRole('heading', { name: form.title }).waitFor();
    await expect.poll(() => statusFilterValues(page)).toEqual(['Recusada Célula - Tower']);
    const row = page.getByRole('row').filter({ hasText: unidade });
    await row.getByText('Recusada Célula - Tower').waitFor();
    // The tower never starts a change of holder.
    expect(await page.getByRole('link', { name: form.createButton }).count()).toBe(0);
    await screenshot(page, 'requests-tower-list-status-9');
    await row.getByRole('link', { name: /^Abrir solicitação nº/ }).click();
    await expectPath(page, `${form.listPath}/cadastro/${id}`);
  });

  it('[TOWER][FIX REFUSAL]: every field is locked but the tower attachment, the observation and the move back to 4', async () => {
    const page = pages.tower!;
    await page.getByRole('heading', { name: `${form.title} nº ${id}` }).waitFor();
    expect(await enabledFields(page)).toEqual(['observacao']);
    // The tower cannot keep 9: its only button hands the request back, no plain save.
    expect(await actionsOf(page)).toEqual(['Devolver à Célula']);
    expect(await submitButton(page).count()).toBe(0);
    expect(await uploadSlots(page)).toEqual(['complementar_tower']);
    // The requester's documents can be read, not replaced; the cell's own attachment is not shown.
    const anexos = page.getByRole('region', { name: 'Anexos' });
    expect(await anexos.getByText('Visualizar Arquivo').count()).toBe(3);
    expect(await dropzone(page, 'Anexo Complementar').count()).toBe(0);
    // Nothing stored in the tower slot yet: no delete link.
    expect(await deleteTowerFile(page).count()).toBe(0);
    // The cell's reason is in the timeline.
    await timelineOf(page).getByText(`Observação: ${REFUSAL}`).first().waitFor();
    await screenshot(page, 'requests-tower-form-status-9');
  });

  it('[TOWER][FIX REFUSAL]: uploads a 3 MB PDF with a progress bar; the save sends the request to 4', async () => {
    const page = pages.tower!;
    await attach(page, 'Anexo Complementar Tower', paddedPdf('autorizacao-assinada.pdf', 3_000_000));
    await field(page, 'Observação').fill('Autorização assinada anexada.');
    // About 4 s for 3 MB: long enough to see the bar move.
    const restore = await throttleUpload(page, 750_000);
    const back = await openAction(page, 'Devolver à Célula');
    await back.getByText(label(4)).waitFor();
    await back.getByRole('button', { name: 'Confirmar: Devolver à Célula' }).click();
    const bar = page.getByRole('progressbar', { name: 'Envio dos arquivos' });
    await bar.waitFor();
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await page.getByText(/Enviando arquivos… \d+%/).waitFor();
    await screenshot(page, 'requests-tower-upload-progress');
    await page.getByText('Salvo com sucesso').first().waitFor({ timeout: 30_000 });
    await restore();
    await expectPath(page, form.listPath);
    expect(await statusOf(baseUrl, form, id)).toBe(4);

    // At 4 the policy no longer lets the tower touch the attachment: read-only, no delete link.
    await openRecord(page, form, id);
    await page.getByText('Somente leitura').first().waitFor();
    expect(await submitButton(page).count()).toBe(0);
    expect(await deleteTowerFile(page).count()).toBe(0);
  });

  it('[CELULA][REFUSE]: sends it back to the tower once more', async () => {
    const page = pages.celula!;
    await openRecord(page, form, id);
    await field(page, 'Observação').fill('A autorização enviada está sem data.');
    await takeAction(page, form, 'Devolver à Tower');
    expect(await statusOf(baseUrl, form, id)).toBe(9);
  });

  it('[TOWER][FIX REFUSAL]: back at 9 the stored attachment shows its delete link; replaced, it goes to 4 again', async () => {
    const page = pages.tower!;
    await openRecord(page, form, id);
    const anexos = page.getByRole('region', { name: 'Anexos' });
    await anexos.getByText('autorizacao-assinada.pdf').waitFor();
    await deleteTowerFile(page).waitFor();
    await screenshot(page, 'requests-tower-form-delete-link');
    await deleteTowerFile(page).click();
    const confirm = page.getByRole('dialog', { name: 'Você tem certeza?' });
    await confirm.getByText('Isso não poderá ser desfeito').waitFor();
    await confirm.getByRole('button', { name: 'Sim, Apagar!' }).click();
    await page.getByText('Apagado com sucesso!').first().waitFor();
    await expect.poll(() => deleteTowerFile(page).count()).toBe(0);
    expect(await anexos.getByText('autorizacao-assinada.pdf').count()).toBe(0);

    await attach(page, 'Anexo Complementar Tower', SAMPLE_FILES.pdf('autorizacao-datada.pdf'));
    await field(page, 'Observação').fill('Autorização com data anexada.');
    await takeAction(page, form, 'Devolver à Célula');
    expect(await statusOf(baseUrl, form, id)).toBe(4);
  });

  it('[CELULA][APPROVE]: continues to 5 and then to 7 "Aprovada Troca"', async () => {
    const page = pages.celula!;
    await openRecord(page, form, id);
    await fillTariffBlock(page, form, {
      pagamento: 'PM',
      centroCusto: 'CC5000',
      contaContabil: '41500',
      dataLigacao: '2026-12-10',
    });
    await takeAction(page, form, 'Enviar para a concessionária');
    expect(await statusOf(baseUrl, form, id)).toBe(5);

    await openRecord(page, form, id);
    await takeAction(page, form, 'Aprovar');
    expect(await statusOf(baseUrl, form, id)).toBe(7);
  });

  it('[AMEE][INSERT]: inserts it into the base; the status history shows the tower’s step', async () => {
    const page = pages.amee!;
    await openRecord(page, form, id);
    await takeAction(page, form, 'Inserir na base');
    expect(await statusOf(baseUrl, form, id)).toBe(8);

    await openRecord(page, form, id);
    await timelineOf(page).getByText(label(8), { exact: true }).first().waitFor();
    // Each of the tower's two fixes is one event that hands the request back to the cell (4).
    const towerSteps = timelineEvents(page, TOWER_NAME).filter({ hasText: label(4) });
    expect(await towerSteps.count()).toBe(2);
    expect(await timelineEvents(page, label(9)).count()).toBe(2);
    await screenshot(page, 'requests-tower-history');
  });
});
