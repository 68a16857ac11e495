import { requestForm, statusLabel } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import {
  choose,
  createViaApi,
  field,
  freshUnit,
  isRequired,
  openRecord,
  pageAs,
  requestFields,
  saveAndReturn,
  statusOf,
  submitButton,
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
    await choose(page, 'Status', statusLabel(3, form.flow, form.kind));
    expect(await isRequired(page, 'Observação')).toBe(true);

    await submitButton(page).click();
    await page.getByText('O campo Observação é obrigatório.').first().waitFor();
    expect(await statusOf(baseUrl, form, id)).toBe(0);

    await field(page, 'Observação').fill('Endereço fora da área de cobertura.');
    await saveAndReturn(page, form);
    expect(await statusOf(baseUrl, form, id)).toBe(3);
    await page.context().close();
  });
});
