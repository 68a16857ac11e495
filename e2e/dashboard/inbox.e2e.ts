import { inboxTaskHref, inboxTaskKey, requestForm, statusHref } from '@portal/domain';
import type { DashboardOverview } from '@portal/domain/contracts/dashboard';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { launchBrowser, sessionToken } from '../support/browser.ts';
import { pageAs, screenshot } from '../support/ui.ts';
import { createViaApi, freshUnit, requestFields } from '../requests/support.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  // Property Management's own work: an energy new unit it starts waits for its analysis (13).
  const unidade = freshUnit('6');
  await createViaApi(
    baseUrl,
    requestForm('energia', 'nova'),
    'property@demo.portal',
    requestFields(unidade, { endereco_id: `TSPP${unidade.slice(-6)}`, tipo_de_loja: 1 }),
  );
});
afterAll(async () => {
  await browser?.close();
});

interface InboxRow {
  key: string;
  total: number;
  href: string;
}

/** The entries with something waiting, as the dashboard's call answers them. */
async function inboxOf(page: Page): Promise<InboxRow[]> {
  const { body } = await apiCall(baseUrl, 'GET', 'home/painel', (await sessionToken(page))!);
  const overview = body!.dados as DashboardOverview;
  return [
    ...overview.formularios.flatMap((f) =>
      f.aguardando
        .filter((a) => a.total > 0)
        .map((a) => ({
          key: `${f.fluxo}-${f.tipo}-${a.status}`,
          total: a.total,
          href: statusHref(requestForm(f.fluxo, f.tipo), [a.status]),
        })),
    ),
    ...overview.tarefas
      .filter((t) => t.total > 0)
      .map((t) => ({ key: inboxTaskKey(t), total: t.total, href: inboxTaskHref(t) })),
  ];
}

/**
 * Works the whole inbox: every row shows its number, and its link opens a list whose footer counts
 * exactly that many rows.
 */
async function worksWholeInbox(email: string, expectedKeys: string[]): Promise<void> {
  const page = await pageAs(browser, baseUrl, email);
  const queue = page.getByRole('region', { name: 'Aguardando minha ação' });
  await queue.waitFor();
  const rows = await inboxOf(page);
  expect(rows.map((r) => r.key)).toEqual(expect.arrayContaining(expectedKeys));
  await page.getByTestId('fila-total').waitFor();
  await screenshot(page, `caixa-${email.split('@')[0]}`);
  for (const row of rows) {
    await page.goto('/dashboard');
    const link = page.getByTestId(`fila-${row.key}`).getByRole('link');
    await expect.poll(() => link.innerText()).toBe(new Intl.NumberFormat('pt-BR').format(row.total));
    expect(await link.getAttribute('href')).toBe(row.href);
    await link.click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === row.href);
    const footer = row.total === 1 ? /de 1 registros?$/ : new RegExp(`de ${row.total} registros$`);
    await page.getByText(footer).first().waitFor();
  }
  await page.context().close();
}

describe('dashboard: "Aguardando minha ação" holds every piece of work (issue 34 step 2)', () => {
  it('[CELULA][INBOX]: the divergences waiting at Divergente are in it beside the requests, and every row opens its list', async () => {
    await worksWholeInbox('celula@demo.portal', ['energia-nova-2', 'regularizacao-energia-0']);
  });

  it("[ADMIN][INBOX]: the cell administrator works the cell's inbox and the post-approval stages", async () => {
    await worksWholeInbox('admin@demo.portal', ['regularizacao-energia-0', 'pos-aprovacao-pre-validacao']);
  });

  it('[REGIONAL][INBOX]: the requests of its regional waiting for its validation, energy and water', async () => {
    await worksWholeInbox('regional@demo.portal', ['energia-nova-0', 'energia-nova-1', 'agua-nova-1']);
  });

  it('[AMEE][INBOX]: the base confirmation and the three post-approval stages', async () => {
    await worksWholeInbox('amee@demo.portal', [
      'confirmacao-base-energia-fora-da-base',
      'pos-aprovacao-pre-validacao',
      'pos-aprovacao-validacao-final',
      'pos-aprovacao-acompanhamento',
    ]);
  });

  it('[PROPERTY][INBOX]: the units it started, waiting for its analysis', async () => {
    await worksWholeInbox('property@demo.portal', ['energia-nova-13']);
  });

  it('[TOWER][INBOX]: nothing of its company waits for it, and it is told so', async () => {
    const page = await pageAs(browser, baseUrl, 'tower@demo.portal');
    await page.getByRole('region', { name: 'Aguardando minha ação' }).waitFor();
    expect(await inboxOf(page)).toEqual([]);
    await page.getByText('Nada aguardando a sua ação no momento.').waitFor();
    await page.context().close();
  });

  it('[CONSULTA][SOLICITANTE][INBOX]: who never acts is shown no inbox', async () => {
    for (const email of ['consulta@demo.portal', 'solicitante@demo.portal']) {
      const page = await pageAs(browser, baseUrl, email);
      await page.getByRole('region', { name: 'Situação das solicitações' }).waitFor();
      expect(await page.getByRole('region', { name: 'Aguardando minha ação' }).count()).toBe(0);
      expect(await inboxOf(page)).toEqual([]);
      await page.context().close();
    }
  });
});
