import { clientCnpjForUf } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { attach } from '../requests/support.ts';
import { apiCall, apiLogin } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { DEMO_PASSWORD } from '../support/demo.ts';
import { field, pageAs, screenshot, toast } from '../support/ui.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SP = clientCnpjForUf('SP')!;
const RJ = clientCnpjForUf('RJ')!;
const csv = (rows: string[]) => ({
  name: 'base-provedor.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(['UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF', ...rows].join('\r\n')),
});

async function openRegularization(unidade: string) {
  const { token } = (await apiLogin(baseUrl, 'celula@demo.portal', DEMO_PASSWORD))!;
  const list = await apiCall(baseUrl, 'POST', 'consolidacao/list', token, { q: unidade });
  return (list.body!.dados as { unidade: string; status: number; tipo_divergencia: number }[]).find(
    (r) => r.unidade === unidade,
  );
}

describe('Conciliação da Base (issue 11 items 1–2)', () => {
  it('[AMEE][IMPORT] the provider uploads the base, sees the preview, the run and its rejected rows; the divergence appears in /consolidacao; a re-import closes it', async () => {
    const page = await pageAs(browser, baseUrl, 'amee@demo.portal');
    await page.goto('/conciliacao-da-base');
    await page.getByRole('heading', { name: 'Conciliação da Base' }).waitFor();

    await attach(
      page,
      'Arquivo da base',
      csv([
        `E2E-CONC-1;ENEL SP;Operadora Telecom Brasil S.A.;${RJ};SP`,
        `E2E-CONC-2;Luz do Norte;Alguém;${SP};SP`,
      ]),
    );
    const preview = page.getByTestId('previa');
    await preview
      .getByText('Concessionária "Luz do Norte" não cadastrada para energia', { exact: false })
      .waitFor();
    await screenshot(page, 'conciliacao-previa');

    await page.getByRole('button', { name: 'Importar' }).click();
    // The server keeps the file and answers at once; its queue applies it, and the page says when.
    await toast(page, 'Arquivo recebido. A importação está na fila').waitFor();
    await toast(
      page,
      'Base importada: 1 linhas aplicadas, 1 rejeitadas; 1 divergências abertas e 0 fechadas.',
    ).waitFor();
    const run = page.getByRole('row').filter({ hasText: 'base-provedor.csv' }).first();
    await run.getByText('Aplicada').waitFor();
    const download = page.waitForEvent('download');
    await run.getByRole('button', { name: 'Linhas rejeitadas' }).click();
    expect((await download).suggestedFilename()).toMatch(/^linhas-rejeitadas-importacao-\d+\.csv$/);
    await screenshot(page, 'conciliacao-importada');

    expect(await openRegularization('E2E-CONC-1')).toMatchObject({ status: 0, tipo_divergencia: 1 });
    await page.goto('/consolidacao');
    await field(page, 'Pesquisar').fill('E2E-CONC-1');
    await page.getByRole('link', { name: 'Editar regularização da unidade E2E-CONC-1' }).waitFor();

    // The provider fixes the invoice: the next import closes the divergence.
    await page.goto('/conciliacao-da-base');
    await attach(page, 'Arquivo da base', csv([`E2E-CONC-1;ENEL SP;Operadora Telecom Brasil S.A.;${SP};SP`]));
    await page.getByTestId('previa').waitFor();
    await page.getByRole('button', { name: 'Importar' }).click();
    await toast(page, '0 divergências abertas e 1 fechadas.').waitFor();
    expect(await openRegularization('E2E-CONC-1')).toMatchObject({ status: 4 });
    await page.context().close();
  });

  it('[AMEE][LARGE] a csv of over 1 MB is previewed from its first rows and imported whole, even if the user leaves the page meanwhile', async () => {
    const rows = Array.from(
      { length: 15_000 },
      (_, i) => `E2E-GRANDE-${i};ENEL SP;Operadora Telecom Brasil S.A.;${SP};SP`,
    );
    const page = await pageAs(browser, baseUrl, 'amee@demo.portal');
    await page.goto('/conciliacao-da-base');
    await attach(page, 'Arquivo da base', { ...csv(rows), name: 'base-grande.csv' });
    // The preview sends the file's first 256 KB; the server must answer without reading the rest.
    await page.getByTestId('previa').getByText('E2E-GRANDE-0', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Importar' }).click();
    await toast(page, 'Arquivo recebido. A importação está na fila').waitFor();
    await page.goto('/');
    await page.goto('/conciliacao-da-base');
    const run = page.getByRole('row').filter({ hasText: 'base-grande.csv' }).first();
    await run.getByText('Aplicada').waitFor();
    await run.getByText('15.000').first().waitFor();
    await page.context().close();
  });

  it('[AMEE][REFUSED] a file without a required column is refused before it is sent, naming the column', async () => {
    const page = await pageAs(browser, baseUrl, 'amee@demo.portal');
    await page.goto('/conciliacao-da-base');
    await attach(page, 'Arquivo da base', {
      name: 'sem-cnpj.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('UC;Concessionária;Razão Social;UF\r\nX;ENEL SP;Y;SP'),
    });
    await page.getByText('Falta a coluna "CNPJ Fatura" no arquivo.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Importar' }).isDisabled()).toBe(true);
    await page.context().close();
  });
});
