import { requestForm } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import {
  field,
  fillRequest,
  freshUnit,
  pageAs,
  saveAndReturn,
  screenshot,
  submitButton,
  toast,
  tokenOf,
} from './support.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('CPF/CNPJ of the requested unit (spec part 1 §5; alphanumeric CNPJ, GUIDE §1)', () => {
  it('[SOLICITANTE][CREATE]: an invalid CNPJ blocks the save; an alphanumeric CNPJ is accepted', async () => {
    const page = await pageAs(browser, baseUrl, 'solicitante@demo.portal');
    await page.goto(form.newPath);
    await fillRequest(page, form);
    const unidade = freshUnit('5');
    await field(page, 'Unidade').fill(unidade);
    const taxId = field(page, 'CNPJ/CPF da UC Solicitada');
    await taxId.fill('');
    await taxId.pressSequentially('11222333000100');
    await field(page, 'Unidade').focus();
    await page.getByText('CNPJ/CPF inválido').waitFor();

    await submitButton(page).click();
    await toast(page, 'CNPJ/CPF da UC Solicitada Inválido').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('campo-cnpj_solicitada');
    expect(await submitButton(page).isEnabled()).toBe(true);
    await screenshot(page, 'requests-form-invalid-cnpj');

    // CPF mask while it can still be a CPF; a letter switches to the CNPJ mask.
    await taxId.fill('');
    await taxId.pressSequentially('12ABC34501DE35');
    expect(await taxId.inputValue()).toBe('12.ABC.345/01DE-35');
    await saveAndReturn(page, form);

    const token = await tokenOf(baseUrl, 'solicitante@demo.portal');
    const list = await apiCall(baseUrl, 'POST', `${form.apiBase}/list`, token, {
      q: unidade,
      page: 1,
      per_page: 10,
    });
    const [row] = list.body!.dados as { id: number }[];
    const record = await apiCall(baseUrl, 'POST', `${form.apiBase}/list`, token, { id: row!.id });
    expect((record.body!.dados as { cnpj_solicitada: string }).cnpj_solicitada).toBe('12ABC34501DE35');
    await page.context().close();
  });
});
