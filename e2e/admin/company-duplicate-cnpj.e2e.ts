import { cnpjCheckDigits, formatCnpj } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import {
  dialog,
  errorOf,
  field,
  openScreen,
  pageAs,
  row,
  screenshot,
  search,
  toast,
  unique,
} from './support.ts';

const baseUrl = inject('baseUrl');
/** The demo client's CNPJ: already an enabled energy company. */
const TAKEN_CNPJ = '48392015000179';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh alphanumeric CNPJ (GUIDE §1): twelve characters with letters, two check digits. */
function alphanumericCnpj(): string {
  const base = `AB${unique()
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')}`
    .padEnd(12, '7')
    .slice(0, 12);
  return base + cnpjCheckDigits(base);
}

describe('enabled companies (spec part 2 §2.7, §5 company form)', () => {
  it('[ADMIN][COMPANY DUPLICATE CNPJ]: a CNPJ already enabled is refused under the field, and what was typed stays', async () => {
    const page = await pageAs(browser, baseUrl, 'admin@demo.portal');
    await openScreen(page, '/empresas', 'Empresas Habilitadas');
    await screenshot(page, 'admin-empresas-energia');

    await page.getByRole('button', { name: 'Nova Empresa' }).click();
    const modal = dialog(page, 'Empresa Habilitada · Energia');
    const name = `Duplicada ${unique()} Ltda.`;
    await field(modal, 'Razão Social').fill(name);
    await field(modal, 'CNPJ').pressSequentially(TAKEN_CNPJ);
    expect(await field(modal, 'CNPJ').inputValue()).toBe(formatCnpj(TAKEN_CNPJ));
    await field(modal, 'Cidade').fill('Campinas');
    await field(modal, 'CEP').pressSequentially('13010100');
    expect(await field(modal, 'CEP').inputValue()).toBe('13010-100');
    await field(modal, 'Telefone').pressSequentially('19988887777');
    await field(modal, 'E-mail').fill('contas@duplicada.demo');

    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/empresas/add');
    await modal.getByRole('button', { name: 'Cadastrar' }).click();
    const refused = await answer;
    expect(refused.status()).toBe(422);
    expect(await refused.json()).toMatchObject({ error: 1, msg: 'CNPJ já cadastrado.', campo: 'cnpj' });

    // The message sits under the CNPJ field, and the modal keeps every value typed.
    const cnpj = field(modal, 'CNPJ');
    expect(await errorOf(cnpj)).toBe('CNPJ já cadastrado.');
    expect(await field(modal, 'Razão Social').inputValue()).toBe(name);
    expect(await field(modal, 'Cidade').inputValue()).toBe('Campinas');
    expect(await field(modal, 'Telefone').inputValue()).toBe('(19) 98888-7777');
    await screenshot(page, 'admin-empresas-cnpj-duplicado');

    // An alphanumeric CNPJ goes through the same mask and is accepted.
    const fresh = alphanumericCnpj();
    await cnpj.fill('');
    await cnpj.pressSequentially(fresh.toLowerCase());
    expect(await cnpj.inputValue()).toBe(formatCnpj(fresh));
    await modal.getByRole('button', { name: 'Cadastrar' }).click();
    await toast(page, 'Salvo com sucesso').waitFor();
    await modal.waitFor({ state: 'detached' });
    await search(page, name);
    await row(page, name).getByText(formatCnpj(fresh)).waitFor();
    await page.context().close();
  });
});
