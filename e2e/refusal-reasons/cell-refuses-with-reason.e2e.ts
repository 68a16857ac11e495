import { requestForm, statusLabel } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser } from '../support/browser.ts';
import {
  chooseReason,
  createViaApi,
  freshUnit,
  moveViaApi,
  openAction,
  openRecord,
  pageAs,
  requestFields,
  screenshot,
  statusOf,
  timelineOf,
} from '../requests/support.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
const REASON = 'CNPJ divergente do cartão';
const DETAIL = 'O cartão CNPJ enviado é de outra filial.';
let browser: Browser;
let id: number;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ id } = await createViaApi(baseUrl, form, 'solicitante@demo.portal', requestFields(freshUnit('8'))));
  // The regional's approval is another journey's subject.
  await moveViaApi(baseUrl, form, 'regional@demo.portal', id, { status: 1, endereco_id: 'TSPMOT01' });
  await moveViaApi(baseUrl, form, 'regional@demo.portal', id, { status: 2 });
});
afterAll(async () => {
  await browser?.close();
});

describe('every refusal says why (issue 34 step 3)', () => {
  it('[CELULA][REFUSE]: "Recusar" asks the reason of that move and sends nothing without it', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await openRecord(page, form, id);
    const dialog = await openAction(page, 'Recusar');
    await dialog.getByRole('region', { name: 'Por que recusar ou devolver' }).waitFor();
    await dialog.getByRole('button', { name: 'Confirmar: Recusar' }).click();
    await dialog.getByText('Informe o motivo da recusa', { exact: false }).first().waitFor();
    expect(await statusOf(baseUrl, form, id)).toBe(2);

    await chooseReason(dialog, REASON, DETAIL);
    await screenshot(page, 'refusal-reason-dialog');
    await dialog.getByRole('button', { name: 'Confirmar: Recusar' }).click();
    await page.getByText('Salvo com sucesso').first().waitFor();
    await expectPath(page, form.listPath);
    expect(await statusOf(baseUrl, form, id)).toBe(6);
    await page.context().close();
  });

  it('[SOLICITANTE][READ]: the requester reads the reason in the record header, the timeline and the notice', async () => {
    const page = await pageAs(browser, baseUrl, 'solicitante@demo.portal');
    await openRecord(page, form, id);
    const text = `${REASON}: ${DETAIL}`;
    const header = page.getByRole('region', { name: 'Resumo da solicitação' });
    await header.getByText(text).waitFor();
    await timelineOf(page).getByText(`Motivo da recusa: ${text}`).waitFor();

    await page.getByRole('button', { name: /^Notificações, / }).click();
    const panel = page.getByRole('dialog', { name: 'Notificações' });
    const notice = panel.getByRole('button', {
      name: new RegExp(`Solicitação nº ${id}: ${statusLabel(6, form.flow, form.kind)}`),
    });
    await notice.waitFor();
    await expect.poll(() => notice.innerText()).toContain(`Motivo: ${text}`);
    await page.context().close();
  });
});
