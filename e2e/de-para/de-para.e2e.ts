import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import {
  choose,
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
} from '../admin/support.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await pageAs(browser, baseUrl, 'admin@demo.portal');
});
afterAll(async () => {
  await browser?.close();
});

const ENEL_SP = 'Enel Distribuição São Paulo';

/** Waits for the save call a click on the modal's button triggers, and returns its answer. */
async function saveAfter(action: () => Promise<void>) {
  const answered = page.waitForResponse((r) => /\/api\/de-para\/(add|edit)$/.test(new URL(r.url()).pathname));
  await action();
  return (await answered).json() as Promise<Record<string, unknown>>;
}

describe('/de-para: the translations the provider-base import reads (issue 11 item 3)', () => {
  it('[ADMIN][CREATE, EDIT, DELETE]: adds a mapping, finds it in the list, edits it and deletes it', async () => {
    const de = `ELETROPAULO ${unique().toUpperCase()}`;
    await page.getByRole('link', { name: 'De-Para' }).click();
    await page.waitForURL((url) => url.pathname === '/de-para');
    await openScreen(page, '/de-para', 'De-Para');
    await screenshot(page, 'de-para');

    // Add: the form checks with the server's schema before sending anything.
    await page.getByRole('button', { name: 'Novo De-Para' }).click();
    const modal = dialog(page, 'Gerenciar De-Para');
    await modal.getByRole('button', { name: 'Cadastrar' }).click();
    await expect.poll(() => errorOf(field(modal, 'Tipo'))).toBe('O campo Tipo é obrigatório.');
    expect(await field(modal, 'Para (valor do portal)').isDisabled()).toBe(true);

    await choose(modal, 'Tipo', 'Concessionária');
    await field(modal, 'De (valor do provedor)').fill(de);
    await choose(modal, 'Para (valor do portal)', ENEL_SP, 'Enel Distribuição São');
    await screenshot(page, 'de-para-modal');
    const added = await saveAfter(() => modal.getByRole('button', { name: 'Cadastrar' }).click());
    expect(added).toMatchObject({ error: 0, dados: { tipo: 'concessionaria', de, para: ENEL_SP } });
    await toast(page, 'Salvo com sucesso').waitFor();
    await modal.waitFor({ state: 'detached' });

    // The list: found by the quick search, with its tipo and the portal's value.
    await search(page, de);
    const target = row(page, de);
    await target.waitFor();
    expect(await target.innerText()).toContain('Concessionária');
    expect(await target.innerText()).toContain(ENEL_SP);

    // The same "de" in another case is refused under the field, and the modal keeps what was typed.
    await page.getByRole('button', { name: 'Novo De-Para' }).click();
    await choose(modal, 'Tipo', 'Concessionária');
    await field(modal, 'De (valor do provedor)').fill(de.toLowerCase());
    await choose(modal, 'Para (valor do portal)', ENEL_SP, 'Enel Distribuição São');
    await modal.getByRole('button', { name: 'Cadastrar' }).click();
    await expect
      .poll(() => errorOf(field(modal, 'De (valor do provedor)')))
      .toBe('O valor do campo De (valor do provedor) já está cadastrado para o tipo Concessionária.');
    await screenshot(page, 'de-para-duplicado');
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await modal.waitFor({ state: 'detached' });

    // Edit: now a regional; changing the tipo empties "Para", which offers the regionals.
    await target.getByRole('button', { name: `Editar ${de} (Concessionária)` }).click();
    expect(await field(modal, 'De (valor do provedor)').inputValue()).toBe(de);
    expect(await field(modal, 'Para (valor do portal)').inputValue()).toBe(ENEL_SP);
    await choose(modal, 'Tipo', 'Regional');
    expect(await field(modal, 'Para (valor do portal)').inputValue()).toBe('');
    await choose(modal, 'Para (valor do portal)', 'TSP', 'TSP');
    const edited = await saveAfter(() => modal.getByRole('button', { name: 'Salvar' }).click());
    expect(edited).toMatchObject({
      error: 0,
      dados: { tipo: 'regional', de, para_rotulo: 'TSP', version: 2 },
    });
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => target.innerText()).toContain('TSP');
    expect(await target.innerText()).toContain('Regional');

    // Delete, after the confirmation.
    await target.getByRole('button', { name: `Apagar ${de} (Regional)` }).click();
    const confirm = page.getByRole('dialog', { name: 'Você tem certeza?' });
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/de-para/delete');
    await confirm.getByRole('button', { name: 'Sim, Apagar!' }).click();
    expect(await (await answer).json()).toMatchObject({ error: 0, msg: 'Apagado com sucesso!' });
    await toast(page, 'Apagado com sucesso!').waitFor();
    await target.waitFor({ state: 'detached' });
    await page.getByText('Nenhum resultado encontrado!').waitFor();
  });
});
