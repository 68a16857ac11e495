import { requestForm, statusHref } from '@portal/domain';
import type { DashboardOverview } from '@portal/domain/contracts/dashboard';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { expectPath, launchBrowser, sessionToken } from '../support/browser.ts';
import { pageAs, screenshot } from '../support/ui.ts';
import {
  createViaApi,
  freshUnit,
  moveViaApi,
  openRecord,
  requestFields,
  statusOf,
  takeAction,
  tokenOf,
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

/** The "Aguardando minha ação" row of a form and status: its link, or null when nothing waits there. */
const queueLink = (page: Page, flow: string, kind: string, status: number) =>
  page.getByTestId(`fila-${flow}-${kind}-${status}`).getByRole('link');

/** The count the dashboard shows for a form and status of the queue (0 when the row is absent). */
async function queueCount(page: Page, status: number): Promise<number> {
  await page.getByRole('region', { name: 'Aguardando minha ação' }).waitFor();
  await page.getByTestId('fila-total').waitFor();
  const link = queueLink(page, form.flow, form.kind, status);
  if ((await link.count()) === 0) return 0;
  return Number((await link.innerText()).replace(/\D/g, ''));
}

async function overviewOf(page: Page): Promise<DashboardOverview> {
  const { body } = await apiCall(baseUrl, 'GET', 'home/painel', (await sessionToken(page))!);
  return body!.dados as DashboardOverview;
}

describe('dashboard: "Aguardando minha ação" (issue 15 point 1)', () => {
  it('[CELULA][REGIONAL][QUEUE]: the queue count changes when a regional acts, and opens exactly those requests', async () => {
    const unidade = freshUnit('5');
    const { id } = await createViaApi(baseUrl, form, 'solicitante@demo.portal', requestFields(unidade));
    await moveViaApi(baseUrl, form, 'regional@demo.portal', id, {
      endereco_id: `TSPD${unidade.slice(-6)}`,
      status: 1,
    });

    const cell = await pageAs(browser, baseUrl, 'celula@demo.portal');
    const before = await queueCount(cell, 2);

    const regional = await pageAs(browser, baseUrl, 'regional@demo.portal');
    const regionalBefore = await queueCount(regional, 1);
    expect(regionalBefore).toBeGreaterThan(0);
    await openRecord(regional, form, id);
    await takeAction(regional, form, 'Aprovar');
    expect(await statusOf(baseUrl, form, id)).toBe(2);
    await regional.goto('/dashboard');
    await expect.poll(() => queueCount(regional, 1)).toBe(regionalBefore - 1);
    await regional.context().close();

    await cell.goto('/dashboard');
    await expect.poll(() => queueCount(cell, 2)).toBe(before + 1);
    await screenshot(cell, 'dashboard-fila-celula');
    const link = queueLink(cell, form.flow, form.kind, 2);
    expect(await link.getAttribute('href')).toBe(statusHref(form, [2]));
    await link.click();
    await expectPath(cell, form.listPath);
    expect(new URL(cell.url()).search).toBe('?status=2');
    // The list opened holds exactly what the number counted: the same total, the approved request among them.
    await cell.getByText(unidade).first().waitFor();
    const token = await tokenOf(baseUrl, 'celula@demo.portal');
    const list = await apiCall(baseUrl, 'POST', `${form.apiBase}/list`, token, {
      status: [2],
      page: 1,
      per_page: 10,
    });
    expect(list.body!.total).toBe(before + 1);
    await cell
      .getByText(new RegExp(`de ${before + 1} registros?`))
      .first()
      .waitFor();
    await cell.context().close();
  });

  it('[CONSULTA][QUEUE]: profile 3 sees every status group but no queue', async () => {
    const page = await pageAs(browser, baseUrl, 'consulta@demo.portal');
    await page.getByRole('region', { name: 'Situação das solicitações' }).waitFor();
    await page.getByRole('region', { name: form.title }).first().waitFor();
    expect(await page.getByRole('region', { name: 'Aguardando minha ação' }).count()).toBe(0);
    const overview = await overviewOf(page);
    expect(overview.formularios.every((f) => f.aguardando.length === 0)).toBe(true);
    await page.context().close();
  });

  it('[CELULA][VIEW DASHBOARD]: each status group, water beside energy, and the age buckets link to their lists', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    const overview = await overviewOf(page);
    expect(overview.formularios.map((f) => f.fluxo)).toContain('agua');
    const energy = overview.formularios.find((f) => f.fluxo === 'energia' && f.tipo === 'nova')!;
    const refused = energy.status
      .filter((s) => [3, 6, 15].includes(s.status))
      .reduce((n, s) => n + s.total, 0);
    const group = page.getByTestId('grupo-energia-nova-recusadas');
    const groupLink = group.getByRole('link').first();
    await expect.poll(() => groupLink.innerText()).toBe(new Intl.NumberFormat('pt-BR').format(refused));
    expect(await groupLink.getAttribute('href')).toBe('/cadastro-uc-nova?status=3,6,15');
    await page.getByTestId('grupo-agua-nova-andamento').waitFor();

    // The charts load when they come into view; their numbers are links too.
    await page.getByRole('heading', { name: 'Gráficos' }).scrollIntoViewIfNeeded();
    const bucket = page.getByTestId('idade-0-7');
    await bucket.waitFor();
    const href = (await bucket.getAttribute('href'))!;
    const url = new URL(href, baseUrl);
    expect(url.pathname).toBe(form.listPath);
    expect(url.searchParams.get('de')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(url.searchParams.get('ate')).toBe(overview.hoje);
    await screenshot(page, 'dashboard-graficos-celula');
    await bucket.click();
    await expectPath(page, form.listPath);
    await page.context().close();
  });
});
