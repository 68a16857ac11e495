import { requestForm, statusLabel } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { statusFilterValues } from '../request-lists/support.ts';
import {
  createViaApi,
  freshUnit,
  openRecord,
  optionsOf,
  pageAs,
  requestFields,
  screenshot,
  tokenOf,
  timelineOf,
} from './support.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
const DOMAIN_LABEL = statusLabel(0, form.flow, form.kind);
const EDITED = 'Pedido Recebido';
const unidade = freshUnit('6');
let browser: Browser;
let page: Page;
let labelId = 0;
let id = 0;

async function rename(rotulo: string): Promise<void> {
  const token = await tokenOf(baseUrl, 'admin@demo.portal');
  const answer = await apiCall(baseUrl, 'POST', 'status-rotulos/edit', token, { id: labelId, rotulo });
  if (answer.status !== 200)
    throw new Error(`status-rotulos/edit: ${answer.status} ${JSON.stringify(answer.body)}`);
}

beforeAll(async () => {
  const token = await tokenOf(baseUrl, 'admin@demo.portal');
  const list = await apiCall(baseUrl, 'POST', 'status-rotulos/list', token, {
    fluxo: form.flow,
    tipo: form.kind,
    per_page: 50,
  });
  const rows = list.body!.dados as { id: number; codigo: number }[];
  labelId = rows.find((r) => r.codigo === 0)!.id;
  ({ id } = await createViaApi(baseUrl, form, 'solicitante@demo.portal', requestFields(unidade)));
  // The administrator renames status 0 of the energy new unit before the requester signs in.
  await rename(EDITED);
  browser = await launchBrowser();
  page = await pageAs(browser, baseUrl, 'solicitante@demo.portal');
});
afterAll(async () => {
  // Other journeys name the statuses as the domain does.
  if (labelId) await rename(DOMAIN_LABEL);
  await browser?.close();
});

describe('status labels edited by administrators show on the request screens (spec part 2 §2.1 Status)', () => {
  it('[SOLICITANTE][VIEW]: the list badge and the status filter use the edited label', async () => {
    await page.goto(`${form.listPath}/0`);
    await page.getByRole('heading', { name: form.title }).waitFor();
    await expect.poll(() => statusFilterValues(page)).toEqual([EDITED]);
    expect(await optionsOf(page, 'Filtrar Status')).toContain(EDITED);
    expect(await optionsOf(page, 'Filtrar Status')).not.toContain(DOMAIN_LABEL);
    await page.getByRole('textbox', { name: 'Pesquisar' }).fill(unidade);
    await page.getByRole('row').filter({ hasText: unidade }).getByText(EDITED, { exact: true }).waitFor();
    await screenshot(page, 'requests-status-label-edited-list');
  });

  it('[SOLICITANTE][VIEW]: the form badge and the timeline use it too', async () => {
    await openRecord(page, form, id);
    await page
      .getByRole('region', { name: 'Resumo da solicitação' })
      .getByText(EDITED, { exact: true })
      .waitFor();
    await timelineOf(page).getByText(EDITED, { exact: true }).first().waitFor();
    await screenshot(page, 'requests-status-label-edited-history');
  });
});
