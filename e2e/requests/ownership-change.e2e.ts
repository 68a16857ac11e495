import { requestForm, statusLabel, type RequestStatus } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser } from '../support/browser.ts';
import {
  attach,
  field,
  fillRequest,
  fillTariffBlock,
  freshUnit,
  openRecord,
  rolePages,
  SAMPLE_FILES,
  saveAndReturn,
  screenshot,
  statusOf,
  submitButton,
  takeAction,
  dropzone,
} from './support.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'troca');
const label = (s: RequestStatus) => statusLabel(s, form.flow, form.kind);
const unidade = freshUnit('2');
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

describe('energy ownership change on the same engine (spec part 1 §2 Ownership change)', () => {
  it('[SOLICITANTE][CREATE]: the three documents are required and checked by content before upload', async () => {
    const page = pages.solicitante!;
    await page.goto(form.listPath);
    await page.getByRole('heading', { name: form.title }).waitFor();
    await page.getByRole('link', { name: form.createButton }).click();
    await expectPath(page, form.newPath);
    await fillRequest(page, form);
    await field(page, 'Unidade').fill(unidade);

    await submitButton(page).click();
    await page.getByText('O arquivo Fatura é obrigatório.').first().waitFor();

    await attach(page, 'Fatura', SAMPLE_FILES.fakePdf('fatura.pdf'));
    const refusal = page.getByRole('dialog', { name: 'Extensão de arquivo inválida' });
    await refusal.waitFor();
    await refusal.getByRole('button', { name: 'OK' }).click();
    expect(await dropzone(page, 'Fatura').innerText()).not.toContain('fatura.pdf');

    await attach(page, 'Fatura', SAMPLE_FILES.pdf('fatura.pdf'));
    await attach(page, 'Comprovante de Pagamento', SAMPLE_FILES.png('comprovante.png'));
    await attach(page, 'Autorização', SAMPLE_FILES.pdf('autorizacao.pdf'));
    await screenshot(page, 'requests-troca-form-solicitante');
    await saveAndReturn(page, form);
    await page.getByRole('textbox', { name: 'Pesquisar' }).fill(unidade);
    const row = page.getByRole('row').filter({ hasText: unidade });
    await row.getByText(label(0)).waitFor();
    await screenshot(page, 'requests-troca-list-solicitante');
    id = Number(
      (await row.getByRole('link', { name: /^Abrir solicitação nº/ }).getAttribute('href'))!.split('/').pop(),
    );
  });

  it('[REGIONAL][APPROVE]: sees the documents, opens one, approves', async () => {
    const page = pages.regional!;
    await openRecord(page, form, id);
    const anexos = page.getByRole('region', { name: 'Anexos' });
    expect(await anexos.getByText('Visualizar Arquivo').count()).toBe(3);
    // The viewer is a dialog inside the page (no new tab that could run the document's script).
    await anexos.getByText('Visualizar Arquivo').first().click();
    const viewer = page.getByRole('dialog');
    const pdf = viewer.locator('iframe[title^="Visualização de"]');
    await expect.poll(() => pdf.getAttribute('src')).toMatch(/^blob:/);
    // Escape in the dialog: once loaded, Chromium's PDF viewer may hold the focus inside its frame,
    // where the keys are its own (a CI run under load failed here twice).
    await viewer.focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);

    await field(page, 'Endereço ID').fill(`TSPT${unidade.slice(-6)}`);
    await takeAction(page, form, 'Aprovar');
    expect(await statusOf(baseUrl, form, id)).toBe(2);
  });

  it('[CELULA][EDIT]: uploads the complementary file, deletes it again, approves the change', async () => {
    const page = pages.celula!;
    await openRecord(page, form, id);
    await attach(page, 'Anexo Complementar', SAMPLE_FILES.png('complementar.png'));
    await takeAction(page, form, 'Colocar em validação');

    await openRecord(page, form, id);
    await page.getByRole('button', { name: 'Apagar Anexo Complementar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Você tem certeza?' });
    await confirm.getByText('Isso não poderá ser desfeito').waitFor();
    await confirm.getByRole('button', { name: 'Sim, Apagar!' }).click();
    await page.getByText('Apagado com sucesso!').first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Apagar Anexo Complementar' }).count()).toBe(0);

    await fillTariffBlock(page, form, {
      pagamento: 'DA',
      centroCusto: 'CC2000',
      contaContabil: '41200',
      dataLigacao: '2026-12-01',
    });
    await screenshot(page, 'requests-troca-form-celula');
    await takeAction(page, form, 'Aprovar');
    expect(await statusOf(baseUrl, form, id)).toBe(7);
  });

  it('[AMEE][INSERT]: inserts the change into the base', async () => {
    const page = pages.amee!;
    await openRecord(page, form, id);
    await takeAction(page, form, 'Inserir na base');
    expect(await statusOf(baseUrl, form, id)).toBe(8);
    await screenshot(page, 'requests-troca-list-amee');
  });
});
