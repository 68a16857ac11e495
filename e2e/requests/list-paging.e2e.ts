import { requestForm } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { createViaApi, freshUnit, pageAs, requestFields, screenshot } from './support.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  // More than three pages of the célula's list, whatever the other journeys left.
  for (let i = 0; i < 31; i++)
    await createViaApi(baseUrl, form, 'solicitante@demo.portal', requestFields(freshUnit('5')));
});
afterAll(async () => {
  await browser?.close();
});

interface ListAnswer {
  dados: { id: number }[];
  total: number;
}

describe('request list paging (issue 12: keyset continuation when paging forward)', () => {
  it('[CELULA][NEXT PAGE]: the next page continues after the last row shown; a page jumped to is read by its number', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    const listCall = () => page.waitForResponse((r) => r.url().endsWith(`${form.apiBase}/list`));

    const first = listCall();
    await page.goto(`${baseUrl}${form.listPath}`);
    const page1 = (await (await first).json()) as ListAnswer;
    await page.getByText(/^Mostrando 1 para 10 de \d+ registros$/).waitFor();

    const second = listCall();
    await page.getByRole('button', { name: '2', exact: true }).click();
    const sent = (await second).request().postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({ page: 2, apos: page1.dados.at(-1)!.id });
    const page2 = (await (await second).json()) as ListAnswer;
    expect(page2.dados).toHaveLength(10);
    expect(page2.dados.filter((row) => page1.dados.some((seen) => seen.id === row.id))).toEqual([]);
    await page.getByText(/^Mostrando 11 para 20 de \d+ registros$/).waitFor();
    await screenshot(page, 'lista-pagina-2');

    // Back to page 1 (read again from the cache), then a jump to page 3: no row to continue after.
    await page.getByRole('button', { name: '1', exact: true }).click();
    await page.getByText(/^Mostrando 1 para 10 de \d+ registros$/).waitFor();
    const third = listCall();
    await page.getByRole('button', { name: '3', exact: true }).click();
    const sentThird = (await third).request().postDataJSON() as Record<string, unknown>;
    expect(sentThird.page).toBe(3);
    expect(sentThird).not.toHaveProperty('apos');
    await page.getByText(/^Mostrando 21 para \d+ de \d+ registros$/).waitFor();
  });
});
