import { requestForm, statusLabel } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import {
  choose,
  createViaApi,
  field,
  freshUnit,
  openRecord,
  pageAs,
  requestFields,
  saveAndReturn,
  screenshot,
  statusOf,
  submitButton,
  toast,
} from './support.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
const STALE = 'Este registro foi alterado por outro usuário. Recarregue a página.';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('two people editing one record (GUIDE §3: versions, 409)', () => {
  it('[REGIONAL][EDIT]: the second save is refused and keeps what was typed; Recarregar shows the first', async () => {
    const unidade = freshUnit('3');
    const { id } = await createViaApi(baseUrl, form, 'solicitante@demo.portal', requestFields(unidade));
    const first = await pageAs(browser, baseUrl, 'regional@demo.portal');
    const second = await pageAs(browser, baseUrl, 'regional@demo.portal');
    await openRecord(first, form, id);
    await openRecord(second, form, id);

    await field(first, 'Endereço ID').fill(`TSPA${unidade.slice(-6)}`);
    await choose(first, 'Status', statusLabel(1, form.flow, form.kind));
    await saveAndReturn(first, form);

    const typedAddress = `TSPB${unidade.slice(-6)}`;
    await field(second, 'Endereço ID').fill(typedAddress);
    await field(second, 'Observação').fill('Aprovado sem ressalvas.');
    await choose(second, 'Status', statusLabel(2, form.flow, form.kind));
    await submitButton(second).click();
    await toast(second, STALE).waitFor();
    expect(await field(second, 'Endereço ID').inputValue()).toBe(typedAddress);
    expect(await field(second, 'Observação').inputValue()).toBe('Aprovado sem ressalvas.');
    await screenshot(second, 'requests-concurrent-edit');
    expect(await statusOf(baseUrl, form, id)).toBe(1);

    await second.getByRole('button', { name: 'Recarregar' }).click();
    await expect.poll(() => field(second, 'Endereço ID').inputValue()).toBe(`TSPA${unidade.slice(-6)}`);
    await second
      .getByText(statusLabel(1, form.flow, form.kind), { exact: true })
      .first()
      .waitFor();
    await first.context().close();
    await second.context().close();
  });
});
