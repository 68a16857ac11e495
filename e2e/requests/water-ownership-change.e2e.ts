import { formFieldLabel, requestForm, statusLabel, type RequestStatus } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser } from '../support/browser.ts';
import {
  attach,
  choose,
  enabledFields,
  field,
  fillRequest,
  freshUnit,
  openRecord,
  rolePages,
  SAMPLE_FILES,
  saveAndReturn,
  screenshot,
  statusOf,
  submitButton,
  actionsOf,
  takeAction,
  timelineOf,
} from './support.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('agua', 'troca');
const label = (s: RequestStatus) => statusLabel(s, form.flow, form.kind);
const matricula = freshUnit('4');
let browser: Browser;
const pages: Record<string, Page> = {};
let id = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  Object.assign(
    pages,
    await rolePages(browser, baseUrl, ['solicitante', 'regional', 'celula', 'amee', 'tower']),
  );
});
afterAll(async () => {
  await browser?.close();
});

/** The row of this journey's request in the list the page shows. */
async function rowOf(page: Page) {
  await page.goto(form.listPath);
  await page.getByRole('textbox', { name: 'Pesquisar' }).fill(matricula);
  return page.getByRole('row').filter({ hasText: matricula });
}

describe('water ownership change from request to base (spec part 2 §2.13, §2.14, §4.2, §4.3)', () => {
  it('[SOLICITANTE][CREATE]: water wording, the three documents required, created at "Solicitação Iniciada"', async () => {
    const page = pages.solicitante!;
    await page.goto(form.listPath);
    await page.getByRole('heading', { name: 'Troca de Titularidade (Água)' }).waitFor();
    await page.locator('th[data-accessor="unidade"]').filter({ hasText: 'Matrícula/RGI' }).waitFor();
    await page
      .locator('th[data-accessor="data_ativacao"]')
      .filter({ hasText: 'Previsão de Troca' })
      .waitFor();
    await page.getByRole('link', { name: 'Cadastrar Troca de Titularidade (Água)' }).click();
    await expectPath(page, form.newPath);
    await page.getByRole('region', { name: 'Dados da Solicitação' }).waitFor();

    // Water names the unit and the meter its own way; the energy words are not on this form.
    expect(formFieldLabel(form, 'unidade')).toBe('Matrícula/RGI');
    expect(await field(page, 'Matrícula/RGI').count()).toBe(1);
    expect(await field(page, 'Hidrômetro').count()).toBe(1);
    expect(await field(page, 'Unidade').count()).toBe(0);
    expect(await field(page, 'Número do Medidor').count()).toBe(0);
    // Unidade Nova is on the form for the requester too, filled later by the cell.
    expect(await field(page, 'Unidade Nova').isEditable()).toBe(false);

    await fillRequest(page, form);
    await field(page, 'Matrícula/RGI').fill(matricula);
    await submitButton(page).click();
    await page.getByText('O arquivo Fatura é obrigatório.').first().waitFor();

    await attach(page, 'Fatura', SAMPLE_FILES.pdf('fatura-agua.pdf'));
    await attach(page, 'Comprovante de Pagamento', SAMPLE_FILES.png('comprovante-agua.png'));
    await attach(page, 'Autorização', SAMPLE_FILES.pdf('autorizacao-agua.pdf'));
    await screenshot(page, 'requests-agua-troca-form-solicitante');
    await saveAndReturn(page, form);
    const row = await rowOf(page);
    await row.getByText(label(0)).waitFor();
    await screenshot(page, 'requests-agua-troca-list-solicitante');
    id = Number(
      (await row.getByRole('link', { name: /^Abrir solicitação nº/ }).getAttribute('href'))!.split('/').pop(),
    );
    expect(id).toBeGreaterThan(0);
  });

  it('[TOWER][VIEW]: the tower may not start one, and its form hides Unidade Nova (part 2 §2.14)', async () => {
    const page = pages.tower!;
    await page.goto(form.listPath);
    await page.getByRole('heading', { name: form.title }).waitFor();
    expect(await page.getByRole('link', { name: 'Cadastrar Troca de Titularidade (Água)' }).count()).toBe(0);
    await page.goto(form.newPath);
    await page.getByText('Somente leitura').first().waitFor();
    await page.getByRole('region', { name: 'Dados da Solicitação' }).waitFor();
    expect(await field(page, 'Matrícula/RGI').count()).toBe(1);
    expect(await field(page, 'Unidade Nova').count()).toBe(0);
    expect(await submitButton(page).count()).toBe(0);
    await screenshot(page, 'requests-agua-troca-form-tower');
  });

  it('[REGIONAL][APPROVE]: at 0 only the ids and observação are open, with the moves as buttons; the documents open; approves', async () => {
    const page = pages.regional!;
    await openRecord(page, form, id);
    expect(await enabledFields(page)).toEqual(['endereco_id', 'site_id', 'observacao']);
    // The water change lets the regional keep 0 (part 2 §4.2): a plain save, besides the three moves.
    expect(await actionsOf(page)).toEqual(['Iniciar validação', 'Aprovar', 'Recusar']);
    await submitButton(page).waitFor();
    const anexos = page.getByRole('region', { name: 'Anexos' });
    expect(await anexos.getByText('Visualizar Arquivo').count()).toBe(3);

    await field(page, 'Endereço ID').fill(`TSPA${matricula.slice(-6)}`);
    await field(page, 'Observação').fill('Documentos conferidos pela regional.');
    await screenshot(page, 'requests-agua-troca-form-regional');
    await takeAction(page, form, 'Aprovar');
    expect(await statusOf(baseUrl, form, id)).toBe(2);
  });

  it('[CELULA][APPROVE]: water wording of the moves; "Aprovar" (to "Aprovada Troca") requires Tipo de Pagamento', async () => {
    const page = pages.celula!;
    await openRecord(page, form, id);
    const actions = await actionsOf(page);
    expect(actions).toContain('Aprovar');
    expect(actions).toContain('Devolver ao Property');
    expect(await field(page, 'Unidade Nova').isEnabled()).toBe(true);
    // Of the cell block the water change has only the payment type (part 2 §2.14).
    expect(await field(page, 'Mercado').count()).toBe(0);

    await field(page, 'Unidade Nova').fill(`N${matricula.slice(-8)}`);
    await takeAction(page, form, 'Aprovar', async (dialog) => {
      await dialog.getByText('Aprovada Troca').waitFor();
      await dialog.getByRole('button', { name: 'Confirmar: Aprovar' }).click();
      await dialog.getByText('O campo Tipo de Pagamento é obrigatório.').first().waitFor();
      await choose(dialog, 'Tipo de Pagamento', 'DA');
      await screenshot(page, 'requests-agua-troca-form-celula');
    });
    expect(await statusOf(baseUrl, form, id)).toBe(7);
  });

  it('[AMEE][INSERT]: only status and observação; inserts it into the base', async () => {
    const page = pages.amee!;
    await openRecord(page, form, id);
    expect(await enabledFields(page)).toEqual(['observacao']);
    await takeAction(page, form, 'Inserir na base');
    expect(await statusOf(baseUrl, form, id)).toBe(8);
    const row = await rowOf(page);
    await row.getByText('Inserida na Base Xerox/AME').waitFor();
    await screenshot(page, 'requests-agua-troca-list-amee');
  });

  it('[SOLICITANTE][VIEW HISTORY]: the requester sees every step in the timeline', async () => {
    const page = pages.solicitante!;
    await openRecord(page, form, id);
    for (const s of [0, 2, 7, 8] as RequestStatus[]) {
      await timelineOf(page).getByText(label(s), { exact: true }).first().waitFor();
    }
    await screenshot(page, 'requests-agua-troca-history');
  });
});
