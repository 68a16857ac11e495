import { requestForm } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import {
  createWithFilesViaApi,
  freshUnit,
  openRecord,
  requestFields,
  rolePages,
  SAMPLE_FILES,
  screenshot,
  tokenOf,
} from './support.ts';

/**
 * Issue 9 item 1: a file part declared text/html whose bytes start with %PDF, carrying a script
 * that would read the session token. Opened by the célula, in the viewer or straight from its
 * address, the script never runs: the server serves the sniffed type, nosniff and a sandbox CSP,
 * and the viewer shows it from a blob typed application/pdf.
 */
const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'troca');
const MARKER = '/api/polyglot-executou';
const POLYGLOT = Buffer.from(
  `%PDF-1.4\n<html><body><script>top.__pwned = 1; top.document.title = 'pwned'; fetch('${MARKER}?t=' + sessionStorage.getItem('portal.session'));</script></body></html>\n%%EOF\n`,
);
let browser: Browser;
const pages: Record<string, Page> = {};
let id = 0;
let celulaToken = '';
let faturaUrl = '';
const executed: string[] = [];

beforeAll(async () => {
  const token = await tokenOf(baseUrl, 'solicitante@demo.portal');
  ({ id } = await createWithFilesViaApi(baseUrl, form, token, requestFields(freshUnit('5')), {
    fatura: { name: 'fatura.pdf', mimeType: 'text/html', buffer: POLYGLOT },
    comprovante_pagamento: SAMPLE_FILES.png('comprovante.png'),
    autorizacao: SAMPLE_FILES.pdf('autorizacao.pdf'),
  }));
  celulaToken = await tokenOf(baseUrl, 'celula@demo.portal');
  const record = await apiCall(baseUrl, 'POST', `${form.apiBase}/list`, celulaToken, { id });
  const anexos = (record.body!.dados as { anexos: { tipo: string; url: string }[] }).anexos;
  faturaUrl = anexos.find((a) => a.tipo === 'fatura')!.url;
  browser = await launchBrowser();
  Object.assign(pages, await rolePages(browser, baseUrl, ['celula']));
  pages.celula!.context().on('request', (r) => {
    if (r.url().includes(MARKER)) executed.push(r.url());
  });
});
afterAll(async () => {
  await browser?.close();
});

const pwnedAnywhere = (page: Page) =>
  Promise.all(
    page
      .frames()
      .map((f) => f.evaluate(() => (window as { __pwned?: number }).__pwned).catch(() => undefined)),
  );

describe('an uploaded HTML polyglot never executes (issue 9 item 1)', () => {
  it('[CELULA][VIEW]: the server serves it as a PDF, nosniff, in a sandbox', async () => {
    const answer = await fetch(`${baseUrl}${faturaUrl}`, {
      headers: { Authorization: `Bearer ${celulaToken}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(answer.headers.get('content-disposition')).toMatch(/fatura\.pdf/);
  });

  it('[CELULA][VIEW]: opened in the viewer, its script does not run', async () => {
    const page = pages.celula!;
    await openRecord(page, form, id);
    const anexos = page.getByRole('region', { name: 'Anexos' });
    // The answer the célula's browser got for the file, not one fetched beside it.
    const served = page.waitForResponse(
      (r) => new URL(r.url()).pathname === new URL(faturaUrl, baseUrl).pathname,
    );
    await anexos.getByText('Visualizar Arquivo').first().click();
    const headers = (await served).headers();
    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toMatch(/sandbox/);
    const pdf = page.getByRole('dialog').locator('iframe[title^="Visualização de"]');
    await expect.poll(() => pdf.getAttribute('src')).toMatch(/^blob:/);
    await page.waitForTimeout(1500);
    await screenshot(page, 'requests-polyglot-viewer');
    expect(await pwnedAnywhere(page)).not.toContain(1);
    expect(await page.title()).not.toMatch(/pwned/);
    expect(executed).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('[CELULA][OPEN]: navigated to directly, with the session, its script does not run either', async () => {
    const page = await pages.celula!.context().newPage();
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${celulaToken}` });
    await page.goto(`${baseUrl}${faturaUrl}`).catch(() => undefined);
    await page.waitForTimeout(1500);
    expect(await pwnedAnywhere(page)).not.toContain(1);
    expect(executed).toEqual([]);
    await page.close();
  });
});
