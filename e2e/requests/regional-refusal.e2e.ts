import { requestForm, statusLabel } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser } from '../support/browser.ts';
import {
  chooseReason,
  createViaApi,
  field,
  freshUnit,
  isRequired,
  openAction,
  openRecord,
  pageAs,
  requestFields,
  statusOf,
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

describe('regional refusal (spec part 1 §4: choosing 3 makes the observation mandatory)', () => {
  it('[REGIONAL][REFUSE]: refusing without an observation is stopped; with one it saves', async () => {
    const { id } = await createViaApi(
      baseUrl,
      form,
      'solicitante@demo.portal',
      requestFields(freshUnit('6')),
    );
    const page = await pageAs(browser, baseUrl, 'regional@demo.portal');
    await openRecord(page, form, id);
    expect(await isRequired(page, 'Observação')).toBe(false);
    // "Recusar" asks for the observation in its confirmation and refuses to go on without it.
    const dialog = await openAction(page, 'Recusar');
    await dialog.getByText(statusLabel(3, form.flow, form.kind)).waitFor();
    expect(await isRequired(dialog, 'Observação')).toBe(true);
    await dialog.getByRole('button', { name: 'Confirmar: Recusar' }).click();
    await dialog.getByText('O campo Observação é obrigatório.').first().waitFor();
    expect(await statusOf(baseUrl, form, id)).toBe(0);

    await field(dialog, 'Observação').fill('Endereço fora da área de cobertura.');
    // Issue 34 step 3: the reason is asked too, and nothing is sent without it.
    await dialog.getByRole('button', { name: 'Confirmar: Recusar' }).click();
    await dialog.getByText('Informe o motivo da recusa', { exact: false }).first().waitFor();
    expect(await statusOf(baseUrl, form, id)).toBe(0);
    await chooseReason(dialog, 'Site desativado ou em desmobilização');
    await dialog.getByRole('button', { name: 'Confirmar: Recusar' }).click();
    await page.getByText('Salvo com sucesso').first().waitFor();
    await expectPath(page, form.listPath);
    expect(await statusOf(baseUrl, form, id)).toBe(3);
    await page.context().close();
  });
});
