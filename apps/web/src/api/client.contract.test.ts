import { REQUEST_FORMS, requestListBodyOf, type RequestForm } from '@portal/domain';
import { REPORTS } from '@portal/domain/reports';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/src/db/seed/demo-data.ts';
import { createTestApp, type TestApp } from '../../../server/test/support/test-app.ts';
// The run's database templates, as vitest provides them to the server's test apps.
import type {} from '../../../server/test/support/database-template.ts';

/**
 * Issue 32: the web's own call functions (features/*\/api.ts) against the real server; this file
 * runs in the `node` project, beside the server's tests, for their database. Outside a production
 * build the web parses every answer against its call's descriptor (client.ts), so each call below
 * fails if the server's answer and the contract the web reads drift apart. Uploads
 * (XMLHttpRequest) are left to the browser journeys.
 */

let server: TestApp;
let web: Awaited<ReturnType<typeof loadWeb>>;

/** The web's modules read the browser's storage and window when they load: a small stand-in. */
function browserStandIns() {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  vi.stubGlobal('window', { addEventListener: () => undefined });
  // The web calls /api/… on its own origin: here that origin is the in-process server.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const res = await server.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: init.headers as Record<string, string>,
      ...(init.body !== undefined && { payload: init.body as string }),
    });
    return new Response(new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  });
}

const loadWeb = async () => ({
  auth: await import('../features/auth/api.ts'),
  password: await import('../features/auth/passwordApi.ts'),
  session: await import('../app/session/store.ts'),
  requests: await import('../features/requests/api.ts'),
  timeline: await import('../features/requests/timeline/api.ts'),
  dashboard: await import('../features/dashboard/api.ts'),
  notifications: await import('../features/notifications/api.ts'),
  logs: await import('../features/logs/api.ts'),
  users: await import('../features/admin/users/api.ts'),
  groups: await import('../features/admin/groups/api.ts'),
  regionals: await import('../features/admin/regionals/api.ts'),
  companies: await import('../features/admin/companies/api.ts'),
  concessionaires: await import('../features/admin/concessionaires/api.ts'),
  statusLabels: await import('../features/admin/status-labels/api.ts'),
  refusalReasons: await import('../features/admin/refusal-reasons/api.ts'),
  tasks: await import('../features/admin/task-queue/api.ts'),
  dePara: await import('../features/de-para/api.ts'),
  exports: await import('../features/exports/api.ts'),
  regularization: await import('../features/regularization/api.ts'),
  regularizationScreens: await import('../features/regularization/screens.ts'),
  postApproval: await import('../features/post-approval/api.ts'),
  baseConfirmation: await import('../features/base-confirmation/api.ts'),
  reconciliation: await import('../features/reconciliation/api.ts'),
  reports: await import('../features/reports/api.ts'),
  search: await import('../features/search/api.ts'),
  bulk: await import('../features/requests/list/bulkMoveApi.ts'),
  savedViews: await import('../features/requests/list/savedViewsApi.ts'),
});

/** Signs in through the web's own sign-in call and keeps the session as the web does. */
async function signIn(email: string) {
  const { token, user } = await web.auth.login({ email, password: DEMO_PASSWORD });
  web.session.sessionStore.start(token, user);
}

const page = { page: 1, per_page: 10, order: 'desc' } as const;

beforeAll(async () => {
  server = await createTestApp();
  browserStandIns();
  web = await loadWeb();
  await signIn('admin@demo.portal');
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.close();
});

describe("the web's calls against the server, every answer parsed against its descriptor", () => {
  it('session: validate and change-password refusals keep the envelope', async () => {
    expect((await web.auth.validate()).user.email).toBe('admin@demo.portal');
    await expect(
      web.password.changePassword({ senha_atual: 'errada', password: 'Outra@2026x' }),
    ).rejects.toMatchObject({
      status: 422,
    });
  });

  it.each(Object.values(REQUEST_FORMS))(
    '$title: list, record, timeline, histories and duplicate checks',
    async (form: RequestForm) => {
      const list = await web.requests.listRequests(form, requestListBodyOf({}));
      expect(list.total).toBeGreaterThanOrEqual(0);
      const first = list.dados[0];
      if (first) {
        const record = await web.requests.readRequest(form, first.id);
        expect(record.id).toBe(first.id);
        const timeline = await web.timeline.readTimeline(form, first.id);
        expect(Array.isArray(timeline.dados)).toBe(true);
      }
      const duplicates = await web.requests.findDuplicates(form, 'unidade', '0000000000');
      expect(Array.isArray(duplicates)).toBe(true);
      expect((await web.requests.concessionaires(form)).length).toBeGreaterThan(0);
    },
  );

  it('a bulk move: a row per id (one never seen is refused as not found), and a move the role never takes refused whole', async () => {
    const form = REQUEST_FORMS['energia.nova'];
    const answer = await web.bulk.moveMany(form, {
      status: 6,
      solicitacoes: [{ id: 2_000_000_000, version: 1 }],
    });
    expect(answer.resultados).toEqual([
      { id: 2_000_000_000, unidade: null, resultado: 'recusada', msg: 'Solicitação não encontrada.' },
    ]);
    await expect(
      web.bulk.moveMany(form, { status: 8, solicitacoes: [{ id: 2_000_000_000, version: 1 }] }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('saved views of a list: add, list, edit, delete, and a refusal naming its field', async () => {
    const form = REQUEST_FORMS['energia.nova'];
    const body = { nome: 'Contrato', padrao: true, filtros: { status: [2] }, colunas: ['status' as const] };
    const added = await web.savedViews.addSavedView(form, body);
    expect((await web.savedViews.listSavedViews(form)).map((v) => v.id)).toContain(added.id);
    const edited = await web.savedViews.editSavedView(form, {
      ...body,
      nome: 'Outro',
      id: added.id,
      version: 1,
    });
    expect(edited.version).toBe(2);
    await expect(
      web.savedViews.addSavedView(form, { ...body, colunas: ['senha' as 'status'] }),
    ).rejects.toMatchObject({ status: 422, campo: 'colunas.0' });
    expect((await web.savedViews.deleteSavedView(form, added.id)).error).toBe(0);
  });

  it('the top bar search, found and refused', async () => {
    expect((await web.search.searchGroups('Vergueiro')).grupos).toBeInstanceOf(Array);
    await expect(web.search.searchGroups('...')).rejects.toMatchObject({ status: 422, campo: 'q' });
  });

  it('catalogues: regionals, cities and the status names', async () => {
    expect((await web.requests.regionals()).length).toBeGreaterThan(0);
    expect(await web.requests.citiesOf('SP')).toContain('São Paulo');
    expect((await web.requests.statusLabelEntries()).length).toBeGreaterThan(0);
  });

  it('dashboard and notifications', async () => {
    const queryFn = (options: { queryFn?: unknown }) => (options.queryFn as () => Promise<unknown>)();
    expect(await queryFn(web.dashboard.homeTotalsQuery)).toBeTruthy();
    expect(await queryFn(web.dashboard.dashboardOverviewQuery)).toBeTruthy();
  });

  it('administration lists, options, the task queue, de-para and the logs', async () => {
    const resources = [
      web.users.usersResource,
      web.groups.groupsResource,
      web.regionals.regionalsResource,
      web.companies.companiesResource.energia,
      web.companies.companiesResource.agua,
      web.concessionaires.concessionairesResource,
      web.statusLabels.statusLabelsResource,
      web.refusalReasons.refusalReasonsResource,
      web.dePara.deParaResource,
    ];
    for (const resource of resources) {
      const list = await resource.list({ ...page });
      expect(list.total, resource.base).toBeGreaterThanOrEqual(list.dados.length);
    }
    const tasks = await web.tasks.listTasks({ situacao: 'falhas', page: 1, per_page: 10 });
    expect(tasks.total).toBeGreaterThanOrEqual(0);
    const logs = await web.logs.listLogs({ page: 1, per_page: 10 });
    expect(logs.total).toBeGreaterThan(0);
    expect(await web.logs.readLogFilters()).toBeTruthy();
    expect(await web.exports.listExports()).toBeInstanceOf(Array);
  });

  it('regularizations, post-approval, base confirmation, reconciliation runs and the reports', async () => {
    for (const screen of Object.values(web.regularizationScreens.REGULARIZATION_SCREENS)) {
      const list = await web.regularization.listRegularizations(screen, { ...page });
      const first = list.dados[0];
      if (first) {
        expect((await web.regularization.readRegularization(screen, first.id)).id).toBe(first.id);
        await web.regularization.observationHistory(screen, first.id);
        await web.regularization.statusHistory(screen, first.id);
      }
    }
    for (const lista of ['pre-validacao', 'validacao-final', 'acompanhamento'] as const) {
      const stage = await web.postApproval.listStage({ page: 1, per_page: 10, lista, filtro: 'todas' });
      expect(stage.total, lista).toBeGreaterThanOrEqual(0);
    }
    for (const situacao of ['na-base', 'fora-da-base'] as const) {
      const approved = await web.baseConfirmation.listApproved({
        page: 1,
        per_page: 10,
        fluxo: 'energia',
        situacao,
      });
      expect(approved.total, situacao).toBeGreaterThanOrEqual(0);
    }
    expect((await web.reconciliation.listRuns({ page: 1, per_page: 10 })).total).toBeGreaterThanOrEqual(0);
    for (const report of REPORTS) {
      const answer = await web.reports.readReportPage(report, { ...page, sort: 'id' });
      expect(answer.total, report.api).toBeGreaterThanOrEqual(0);
    }
  });

  it('an answer that leaves the contract fails loudly instead of reaching a screen', async () => {
    const real = globalThis.fetch;
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: 0, dados: 'não é uma lista' })));
    try {
      await expect(web.requests.regionals()).rejects.toThrow(/fora do contrato/);
    } finally {
      vi.stubGlobal('fetch', real);
    }
  });
});

describe('the session against the server (issue 32 review)', () => {
  it('a path parameter ".." is refused before it can reach the route above', async () => {
    await expect(web.exports.readExport('..' as never)).rejects.toThrow(/parâmetro id/);
  });

  it('after logout the server answers 401 to the old token, and the web ends that session only', async () => {
    const old = web.session.sessionStore.get()!.token;
    await web.auth.logout();
    await expect(web.auth.validate()).rejects.toMatchObject({ status: 401 });
    expect(web.session.sessionStore.get()).toBeNull();
    // Signing in again, a late 401 for the old token leaves the new session alone.
    await signIn('admin@demo.portal');
    const fresh = web.session.sessionStore.get()!.token;
    expect(fresh).not.toBe(old);
    web.session.sessionStore.expire(old);
    expect(web.session.sessionStore.get()?.token).toBe(fresh);
    expect((await web.auth.validate()).user.email).toBe('admin@demo.portal');
  });
});
