import { requestForm, statusLabel } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser } from '../support/browser.ts';
import {
  createViaApi,
  field,
  freshUnit,
  openAction,
  openRecord,
  pageAs,
  requestFields,
  screenshot,
  shownValue,
  statusOf,
  takeAction,
  toast,
} from '../requests/support.ts';

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

describe('two people editing one record (GUIDE §3: versions, 409; issue 15)', () => {
  it('[REGIONAL][EDIT]: the second save is refused, keeps what was typed, shows what the first changed, and saves on top of it', async () => {
    const unidade = freshUnit('3');
    const { id } = await createViaApi(baseUrl, form, 'solicitante@demo.portal', requestFields(unidade));
    const first = await pageAs(browser, baseUrl, 'regional@demo.portal');
    const second = await pageAs(browser, baseUrl, 'regional@demo.portal');
    await openRecord(first, form, id);
    await openRecord(second, form, id);

    const theirs = `TSPA${unidade.slice(-6)}`;
    await field(first, 'Endereço ID').fill(theirs);
    await takeAction(first, form, 'Iniciar validação');

    const mine = `TSPB${unidade.slice(-6)}`;
    await field(second, 'Endereço ID').fill(mine);
    await field(second, 'Observação').fill('Aprovado sem ressalvas.');
    const dialog = await openAction(second, 'Aprovar');
    await dialog.getByRole('button', { name: 'Confirmar: Aprovar' }).click();
    await toast(second, STALE).waitFor();
    expect(await statusOf(baseUrl, form, id)).toBe(1);

    // What was typed stays; the notice lists what the other person changed, before → now.
    const notice = second.getByRole('alert').filter({ hasText: 'Enquanto você editava' });
    await notice.waitFor();
    const changes = notice.getByRole('list', { name: 'Campos alterados por outra pessoa' });
    await changes.getByText(`(vazio) → ${theirs}`).waitFor();
    await changes
      .getByText(`${statusLabel(0, form.flow, form.kind)} → ${statusLabel(1, form.flow, form.kind)}`)
      .waitFor();
    expect(await field(second, 'Endereço ID').inputValue()).toBe(mine);
    expect(await field(second, 'Observação').inputValue()).toBe('Aprovado sem ressalvas.');
    // The field itself is marked with the value stored now.
    await second
      .getByText(`Alterado por outra pessoa enquanto você editava; valor atual: ${theirs}`)
      .waitFor();
    await screenshot(second, 'record-concurrent-edit');

    // The record underneath is the current version: the same move now goes through, with the user's values.
    const again = await openAction(second, 'Aprovar');
    await again.getByRole('button', { name: 'Confirmar: Aprovar' }).click();
    await second.getByText('Salvo com sucesso').first().waitFor();
    await expectPath(second, form.listPath);
    expect(await statusOf(baseUrl, form, id)).toBe(2);
    await openRecord(second, form, id);
    // At 2 the regional only writes observations: Endereço ID reads as text, holding the user's value.
    expect(await second.locator('input#campo-endereco_id').count()).toBe(0);
    expect(await shownValue(second, 'Endereço ID')).toBe(mine);
    await first.context().close();
    await second.context().close();
  });

  it('[REGIONAL][EDIT]: a field only the other person changed is taken at once; one both changed waits for "Usar o valor atual"', async () => {
    const unidade = freshUnit('3');
    const { id } = await createViaApi(baseUrl, form, 'solicitante@demo.portal', requestFields(unidade));
    const first = await pageAs(browser, baseUrl, 'regional@demo.portal');
    const second = await pageAs(browser, baseUrl, 'regional@demo.portal');
    await openRecord(first, form, id);
    await openRecord(second, form, id);
    const theirs = `TSPC${unidade.slice(-6)}`;
    await field(first, 'Endereço ID').fill(theirs);
    await field(first, 'Site ID').fill('SITEOUTRO');
    await first.getByRole('button', { name: 'Salvar', exact: true }).click();
    await first.getByText('Salvo com sucesso').first().waitFor();

    await field(second, 'Endereço ID').fill(`TSPD${unidade.slice(-6)}`);
    await second.getByRole('button', { name: 'Salvar', exact: true }).click();
    await toast(second, STALE).waitFor();
    // Site ID was changed only by the other person: the form takes it, so saving again cannot undo it.
    await expect.poll(() => field(second, 'Site ID').inputValue()).toBe('SITEOUTRO');
    await second.getByText('(o formulário já mostra o valor atual)').waitFor();
    // Endereço ID was changed by both: the user's value stays until they take the current one.
    expect(await field(second, 'Endereço ID').inputValue()).toBe(`TSPD${unidade.slice(-6)}`);
    await second.getByRole('button', { name: 'Usar o valor atual' }).click();
    expect(await field(second, 'Endereço ID').inputValue()).toBe(theirs);
    await first.context().close();
    await second.context().close();
  });
});
