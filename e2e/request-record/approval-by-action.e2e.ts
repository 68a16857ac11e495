import { requestForm, statusLabel } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser } from '../support/browser.ts';
import {
  actionsOf,
  createViaApi,
  fillTariffBlock,
  freshUnit,
  moveViaApi,
  openAction,
  openRecord,
  pageAs,
  requestFields,
  screenshot,
  statusOf,
} from '../requests/support.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('an approval through the action button with its required fields (issue 15)', () => {
  it('[CELULA][APPROVE]: "Aprovar" asks exactly for the tariff and cost fields, refuses to confirm until they are filled, and the request ends "Aprovada"', async () => {
    const unidade = freshUnit('5');
    const { id } = await createViaApi(baseUrl, form, 'solicitante@demo.portal', requestFields(unidade));
    await moveViaApi(baseUrl, form, 'regional@demo.portal', id, {
      endereco_id: `TSPR${unidade.slice(-6)}`,
      status: 2,
    });
    await moveViaApi(baseUrl, form, 'celula@demo.portal', id, { status: 4 });

    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await openRecord(page, form, id);
    // The header says who must act: the cell itself, at 'Em Validação Célula'.
    const header = page.getByRole('region', { name: 'Resumo da solicitação' });
    await header.getByText(statusLabel(4, form.flow, form.kind)).waitFor();
    await header.getByText('Célula', { exact: true }).waitFor();
    // No status select any more: one button per move.
    expect(await page.getByLabel('Status', { exact: true }).count()).toBe(0);
    expect(await actionsOf(page)).toEqual([
      'Enviar para a concessionária',
      'Recusar',
      'Aprovar',
      'Devolver à Tower',
    ]);

    const dialog = await openAction(page, 'Aprovar');
    await dialog.getByText(statusLabel(7, form.flow, form.kind), { exact: true }).waitFor();
    const asked = await dialog
      .getByRole('region', { name: 'Campos exigidos por esta ação' })
      .locator('label')
      .allInnerTexts();
    expect(asked.map((l) => l.replace(/\s*\*$/, '').trim()).sort()).toEqual(
      [
        'Tipo de Pagamento',
        'Classe Tarifária',
        'Tensão de Fornecimento',
        'Mercado',
        'Centro de Custo',
        'Conta Contábil',
        'Data de Ligação',
      ].sort(),
    );
    await screenshot(page, 'record-action-approve-asks');

    // Confirming empty is refused in the dialog; nothing is sent.
    await dialog.getByRole('button', { name: 'Confirmar: Aprovar' }).click();
    await dialog.getByText('O campo Tipo de Pagamento é obrigatório.').first().waitFor();
    await dialog.getByText('O campo Centro de Custo é obrigatório.').first().waitFor();
    expect(await statusOf(baseUrl, form, id)).toBe(4);

    await fillTariffBlock(dialog, form, {
      pagamento: 'PM',
      centroCusto: 'CC7070',
      contaContabil: '41700',
      dataLigacao: '2026-12-05',
    });
    await dialog.getByRole('button', { name: 'Confirmar: Aprovar' }).click();
    await page.getByText('Salvo com sucesso').first().waitFor();
    await expectPath(page, form.listPath);
    expect(await statusOf(baseUrl, form, id)).toBe(7);

    await openRecord(page, form, id);
    await header.getByText(statusLabel(7, form.flow, form.kind), { exact: true }).waitFor();
    // At 7 the provider acts next; the cell has nothing left to do.
    await header.getByText('Xerox/AME', { exact: true }).waitFor();
    expect(await actionsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('[CELULA][RECORD]: the action bar stays on screen while a long record scrolls (desktop and phone)', async () => {
    const { id } = await createViaApi(
      baseUrl,
      form,
      'solicitante@demo.portal',
      requestFields(freshUnit('5')),
    );
    await moveViaApi(baseUrl, form, 'regional@demo.portal', id, {
      endereco_id: `TSPS${Date.now() % 1e6}`,
      status: 2,
    });
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    for (const size of [
      { width: 1280, height: 720 },
      { width: 390, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await openRecord(page, form, id);
      await page.getByRole('heading', { name: `${form.title} nº ${id}` }).scrollIntoViewIfNeeded();
      const button = page.locator('[data-action]').filter({ hasText: /^Aprovar$/ });
      // At the top of a long form the bar is already in view, glued to the bottom of the screen.
      const box = await button.boundingBox();
      expect(box, `${size.width}px`).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
      expect(box!.y).toBeGreaterThan(0);
    }
    await screenshot(page, 'record-action-bar-phone');
    await page.context().close();
  });
});
