import { requestForm } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { todayAsShown } from '../support/ui.ts';
import {
  createViaApi,
  createWithFilesViaApi,
  field,
  freshUnit,
  openRecord,
  requestFields,
  rolePages,
  SAMPLE_FILES,
  screenshot,
  tokenOf,
} from '../requests/support.ts';

/**
 * Issue 15 items 4 and 5: the record page shows one timeline (who changed which field, from what
 * to what, and when) and shows attachments in the browser, by their name, with size, uploader and
 * date; the upload area says what it accepts before anything is chosen.
 */
const baseUrl = inject('baseUrl');
const energy = requestForm('energia', 'nova');
const ownership = requestForm('energia', 'troca');
const FILE_NAME = 'Fatura Março 2026.pdf';
let browser: Browser;
const pages: Record<string, Page> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  Object.assign(pages, await rolePages(browser, baseUrl, ['regional', 'celula', 'solicitante']));
});
afterAll(async () => {
  await browser?.close();
});

const timeline = (page: Page) => page.getByRole('region', { name: 'Histórico da solicitação' });

describe('one timeline per request (issue 15 item 4)', () => {
  it('[REGIONAL][EDIT]: the timeline shows a field change as "Campo: antes → depois" with who and when', async () => {
    const unidade = freshUnit('6');
    // Endereço ID filled: the regional's save requires it; the regional then corrects the Site ID.
    const fields = requestFields(unidade, { site_id: 'SITE01', endereco_id: `TSPL${unidade.slice(-6)}` });
    const { id } = await createViaApi(baseUrl, energy, 'solicitante@demo.portal', fields);
    const page = pages.regional!;
    await openRecord(page, energy, id);
    await timeline(page).getByText('Sofia Solicitante').first().waitFor();

    await field(page, 'Site ID').fill('SITE99');
    await page.getByRole('button', { name: /^(Salvar|Cadastrar)$/ }).click();
    await page.getByText('Salvo com sucesso').first().waitFor();
    await openRecord(page, energy, id);

    const change = timeline(page).getByText('Site ID: SITE01 → SITE99', { exact: true });
    await change.waitFor();
    const event = timeline(page)
      .locator('.mantine-Timeline-item')
      .filter({ hasText: 'Site ID: SITE01 → SITE99' });
    const heading = await event.innerText();
    expect(heading).toContain('Renata Regional');
    expect(heading).toContain(todayAsShown());
    // The creation is there too, older, with the status it started in.
    expect(await timeline(page).getByText('Sofia Solicitante').count()).toBeGreaterThan(0);
    await screenshot(page, 'request-timeline-field-change');
    // The two history modals gave way to the timeline on this page.
    expect(await page.getByRole('button', { name: 'Histórico Status' }).count()).toBe(0);
  });
});

describe('attachments shown in the browser (issue 15 item 5)', () => {
  let id = 0;
  beforeAll(async () => {
    const token = await tokenOf(baseUrl, 'solicitante@demo.portal');
    ({ id } = await createWithFilesViaApi(baseUrl, ownership, token, requestFields(freshUnit('7')), {
      fatura: SAMPLE_FILES.pdf(FILE_NAME),
      comprovante_pagamento: SAMPLE_FILES.png('comprovante.png'),
      autorizacao: SAMPLE_FILES.pdf('autorizacao.pdf'),
    }));
  });

  it('[SOLICITANTE][ADD]: the drop area states the accepted types and the 15 MB limit before choosing', async () => {
    const page = pages.solicitante!;
    await page.goto(ownership.newPath);
    const anexos = page.getByRole('region', { name: 'Anexos' });
    await anexos.getByText('Arraste o arquivo aqui ou clique para escolher').first().waitFor();
    expect(await anexos.getByText('PDF, JPG ou PNG de até 15 MB').count()).toBe(3);
  });

  it('[CELULA][VIEW]: a PDF opens inline in a viewer titled with its name, with size, uploader and date', async () => {
    const page = pages.celula!;
    await openRecord(page, ownership, id);
    const anexos = page.getByRole('region', { name: 'Anexos' });
    await anexos.getByText(FILE_NAME).waitFor();
    const facts = await anexos
      .getByText(/enviado por Sofia Solicitante/)
      .first()
      .innerText();
    expect(facts).toMatch(/bytes · enviado por Sofia Solicitante · em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    const served = page.waitForResponse((r) => /\/api\/arquivos\/\d+$/.test(new URL(r.url()).pathname));
    await anexos.getByText('Visualizar Arquivo').first().click();
    const headers = (await served).headers();
    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['content-disposition']).toBe(
      `inline; filename="Fatura Marco 2026.pdf"; filename*=UTF-8''${encodeURIComponent(FILE_NAME)}`,
    );
    expect(headers['x-content-type-options']).toBe('nosniff');

    const dialog = page.getByRole('dialog', { name: FILE_NAME });
    const pdf = dialog.locator(`iframe[title="Visualização de ${FILE_NAME}"]`);
    await expect.poll(() => pdf.getAttribute('src')).toMatch(/^blob:/);
    await screenshot(page, 'request-attachment-pdf-inline');

    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog.getByRole('button', { name: 'Abrir em nova aba' }).click(),
    ]);
    await expect.poll(() => tab.title()).toBe(FILE_NAME);
    expect(await tab.locator('iframe').getAttribute('src')).toMatch(/^blob:/);
    await tab.close();
    await page.keyboard.press('Escape');
  });
});
