import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tokenOf } from '../requests/support.ts';
import { apiCall } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { choose, pageAs, pickToday, screenshot } from '../support/ui.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const counter = /^Mostrando \d+ para \d+ de (mais de )?[\d.]+ registros$/;

/** A regional's manager renamed through the API, as the Gerenciamento de Regional modal saves it. */
async function renameManager(gestor: string) {
  const admin = await tokenOf(baseUrl, 'admin@demo.portal');
  const list = await apiCall(baseUrl, 'POST', 'regional/list', admin, { q: 'TRJ' });
  const [trj] = list.body!.dados as { id: number; regional: string; gestor: string | null }[];
  const saved = await apiCall(baseUrl, 'POST', 'regional/edit', admin, { ...trj, gestor });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { id: trj!.id, before: trj!.gestor };
}

describe('Logs de Ações (issue 14)', () => {
  it("[ADMIN][AUDIT]: Gerenciar → Logs de Ações, filtered by action and entity, shows a regional's manager before → after", async () => {
    const gestor = `Gestor Auditado ${Date.now().toString(36)}`;
    const { id, before } = await renameManager(gestor);

    const page = await pageAs(browser, baseUrl, 'admin@demo.portal');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByText('Gerenciar', { exact: true }).waitFor();
    await menu.getByRole('link', { name: 'Logs de Ações' }).click();
    await page.getByRole('heading', { name: 'Logs de Ações', level: 1 }).waitFor();
    await page.getByText(counter).waitFor();

    await page.getByRole('button', { name: 'Filtros' }).click();
    const byAction = page.waitForResponse(
      (r) => r.url().endsWith('/api/logs/list') && r.request().postDataJSON().acao === 'editar',
    );
    await choose(page, 'Ação', 'Edição');
    await byAction;
    const byEntity = page.waitForResponse(
      (r) => r.url().endsWith('/api/logs/list') && r.request().postDataJSON().entidade === 'regional',
    );
    await choose(page, 'Entidade', 'Regional');
    await byEntity;
    // Até today (a pt-BR date picker) keeps today's entries.
    const byPeriod = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/logs/list') &&
        /^\d{4}-\d{2}-\d{2}$/.test(r.request().postDataJSON().ate ?? ''),
    );
    await pickToday(page, 'Até');
    await byPeriod;

    const entry = page
      .getByRole('row')
      .filter({ hasText: `Regional (ID ${id})` })
      .first();
    await entry.getByText('Edição').waitFor();
    await entry.getByText('Ana Administradora').waitFor();
    await screenshot(page, 'logs');
    await entry.getByRole('button', { name: /^Detalhes do registro / }).click();

    const details = page.getByRole('dialog', { name: 'Detalhes do registro' });
    await details.getByText('Ação:').waitFor();
    const change = details.getByRole('row').filter({ hasText: 'Gestor' });
    await change.getByText(gestor).waitFor();
    const cells = await change.getByRole('cell').allInnerTexts();
    expect(cells[0]).toBe('Gestor');
    expect(cells[1]).toBe(before ?? '—');
    expect(cells[3]).toBe(gestor);
    await screenshot(page, 'logs-detalhes');
    await page.context().close();
  });

  it('[CELULA][FORBIDDEN]: a user without profile 1 has no Logs de Ações entry, and /logs answers "Você não tem permissão"', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link').first().waitFor();
    expect(await menu.getByRole('link', { name: 'Logs de Ações' }).count()).toBe(0);
    await page.goto('/logs');
    await page.getByRole('heading', { name: 'Você não tem permissão' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Logs de Ações' }).count()).toBe(0);
    await page.context().close();
  });
});
