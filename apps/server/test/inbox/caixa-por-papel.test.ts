import {
  ALL_FLOW_KINDS,
  FLOWS_LIST,
  inboxTaskHref,
  inboxTaskKey,
  parseRequestListSearch,
  POST_APPROVAL_LIST_NAMES,
  regularizationPolicy,
  regularizationStatusOf,
  requestForm,
  requestListBodyOf,
  requestPolicy,
  STATUS,
  statusHref,
  type Flow,
  type Kind,
  type RegularizationStatus,
  type RequestStatus,
  type SessionUser,
} from '@portal/domain';
import type { DashboardInboxTask, DashboardOverview } from '@portal/domain/contracts/dashboard';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseProvedor, concessionarias, regularizacoes } from '../../src/db/schema.ts';
import { seedDemoRequests } from '../../src/db/seed/demo-requests.ts';
import { CNPJ, companyId, insertRows } from '../hostile/support.ts';
import { bearer, createTestApp, loginDemo, sessionUser, type TestApp } from '../support/test-app.ts';

/**
 * Issue 34 step 2: "Aguardando minha ação" holds every piece of work the role can act on now. For
 * every demo role the expected inbox is derived here row by row, from what the role's own lists
 * answer and what the policies the record's buttons come from allow on each row (requestPolicy,
 * regularizationPolicy, and the post-approval and base-confirmation saves' own authorization), and
 * compared with what GET /api/home/painel answers; each entry's link, read back as the list's
 * filter, gives the same number.
 */
const ROLES = [
  'admin',
  'celula',
  'regional',
  'amee',
  'solicitante',
  'consulta',
  'property',
  'tower',
] as const;
type Role = (typeof ROLES)[number];

let t: TestApp;
let tok: Record<string, string>;
const users = {} as Record<Role, SessionUser>;

async function api(who: Role, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(tok[who]!), payload });
}

async function painel(who: Role, url = '/api/home/painel'): Promise<DashboardOverview> {
  const res = await api(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados as DashboardOverview;
}

/** Every row a list call answers, page after page (null when the user's menu lacks the list). */
async function allRows<T>(who: Role, url: string, body: Record<string, unknown>): Promise<T[] | null> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const res = await api(who, 'POST', url, { ...body, page, per_page: 50 });
    if (res.statusCode === 403) return null;
    expect(res.statusCode, res.body).toBe(200);
    const { dados, total } = res.json() as { dados: T[]; total: number };
    rows.push(...dados);
    if (rows.length >= total || dados.length === 0) return rows;
  }
}

/** Whether a save call lets the user past its authorization (which runs before the body is read). */
async function authorized(who: Role, url: string): Promise<boolean> {
  const res = await api(who, 'POST', url, {});
  return res.statusCode !== 403;
}

type Expected = Record<string, number>;
const add = (e: Expected, key: string) => (e[key] = (e[key] ?? 0) + 1);

/** The inbox derived from the role's lists and the policies, keyed as the answer is flattened below. */
async function derive(who: Role): Promise<Expected> {
  const user = users[who];
  const expected: Expected = {};
  const confirms = await authorized(who, '/api/confirmacao-base/confirmar');
  for (const { flow, kind } of ALL_FLOW_KINDS) {
    const form = requestForm(flow, kind);
    const rows = await allRows<{ id: number; status: number }>(who, `/api/${form.apiBase}/list`, {});
    for (const row of rows ?? []) {
      const status = row.status as RequestStatus;
      const moves = requestPolicy({ actor: user, flow, kind, currentStatus: status }).statusChoices.filter(
        (s) => s !== status,
      );
      if (!moves.length) continue;
      // An approved request the user confirms in the base is that screen's work, listed once.
      if (status === STATUS.APROVADA && confirms && moves.includes(STATUS.INSERIDA_BASE)) continue;
      add(expected, `${flow}-${kind}-${status}`);
    }
  }
  if (confirms) {
    for (const fluxo of FLOWS_LIST) {
      for (const situacao of ['na-base', 'fora-da-base'] as const) {
        const rows = await allRows<{ tipo: Kind }>(who, '/api/confirmacao-base/list', { fluxo, situacao });
        for (const row of rows ?? []) {
          // Each confirmation is judged by the save policy: the screen opening is not enough.
          const policy = requestPolicy({
            actor: user,
            flow: fluxo,
            kind: row.tipo,
            currentStatus: STATUS.APROVADA,
          });
          if (policy.statusChoices.includes(STATUS.INSERIDA_BASE)) {
            add(expected, `confirmacao-base-${fluxo}-${situacao}`);
          }
        }
      }
    }
  }
  if (await authorized(who, '/api/pos-aprovacao/validar')) {
    for (const lista of POST_APPROVAL_LIST_NAMES) {
      const rows = await allRows(who, '/api/pos-aprovacao/list', { lista, filtro: 'aguardando' });
      for (const _ of rows ?? []) add(expected, `pos-aprovacao-${lista}`);
    }
  }
  for (const fluxo of FLOWS_LIST) {
    const base = fluxo === 'agua' ? '/api/agua/consolidacao' : '/api/consolidacao';
    const rows = await allRows<{ status: number | null }>(who, `${base}/list`, {});
    for (const row of rows ?? []) {
      const status = regularizationStatusOf(row.status) as RegularizationStatus;
      const { statusChoices } = regularizationPolicy({ actor: user, currentStatus: status });
      if (statusChoices.some((s) => s !== status)) add(expected, `regularizacao-${fluxo}-${status}`);
    }
  }
  return expected;
}

/** The answer's entries with something waiting, keyed as `derive` keys them. */
function answered(o: DashboardOverview): Expected {
  const out: Expected = {};
  for (const f of o.formularios) {
    for (const a of f.aguardando) if (a.total) out[`${f.fluxo}-${f.tipo}-${a.status}`] = a.total;
  }
  for (const task of o.tarefas) if (task.total) out[inboxTaskKey(task)] = task.total;
  return out;
}

/** What the list an entry links to answers as its total, its filter read back from the link. */
async function linkTotal(who: Role, href: string, task?: DashboardInboxTask): Promise<number> {
  const url = new URL(href, 'http://portal');
  const query = Object.fromEntries(url.searchParams);
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await api(who, 'POST', path, { ...body, page: 1, per_page: 5 });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { total: number }).total;
  };
  if (!task) {
    const form = ALL_FLOW_KINDS.map(({ flow, kind }) => requestForm(flow, kind)).find(
      (f) => f.listPath === url.pathname,
    )!;
    return post(`/api/${form.apiBase}/list`, requestListBodyOf(parseRequestListSearch(url.search)));
  }
  switch (task.tipo) {
    case 'regularizacao':
      return post(`/api${url.pathname}/list`, { status: Number(query.status) });
    case 'confirmacao-base':
      return post('/api/confirmacao-base/list', query);
    case 'pos-aprovacao':
      // The lists open on 'Aguardando'.
      return post('/api/pos-aprovacao/list', { lista: task.lista, filtro: 'aguardando' });
  }
}

async function expectInboxAsDerived(who: Role) {
  const o = await painel(who);
  const derived = await derive(who);
  expect(answered(o), who).toEqual(derived);
  for (const f of o.formularios) {
    for (const a of f.aguardando.filter((x) => x.total > 0)) {
      const href = statusHref(requestForm(f.fluxo as Flow, f.tipo as Kind), [a.status]);
      expect(await linkTotal(who, href), `${who} ${href}`).toBe(a.total);
    }
  }
  for (const task of o.tarefas.filter((x) => x.total > 0)) {
    const href = inboxTaskHref(task);
    expect(await linkTotal(who, href, task), `${who} ${href}`).toBe(task.total);
  }
  return o;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoRequests({ db: t.app.db, storage: t.app.storage });
  tok = await loginDemo(t.app, ROLES);
  for (const who of ROLES) users[who] = await sessionUser(t.app, `${who}@demo.portal`);
}, 120_000);
afterAll(() => t.close());

describe('"Aguardando minha ação" is derived from the policy, for every role', () => {
  it("on the seeded demo data, every role's inbox is what its lists and the policy say", async () => {
    for (const who of ROLES) await expectInboxAsDerived(who);
    // The demo opens with work for the cell in the regularizations, not only in the request forms.
    const cell = answered(await painel('celula'));
    expect(cell['regularizacao-energia-0']).toBeGreaterThan(0);
    expect(cell['energia-nova-2']).toBeGreaterThan(0);
    const provider = answered(await painel('amee'));
    expect(provider['pos-aprovacao-pre-validacao']).toBeGreaterThan(0);
  });

  it('with every kind of work present, each role still sees exactly what the policy gives it', async () => {
    const co = {
      tower: await companyId(t.app, CNPJ.tower),
      solicitante: await companyId(t.app, CNPJ.solicitante),
    };
    const [base] = await t.app.db
      .select({ uc: baseProvedor.uc, idConcessionaria: concessionarias.id })
      .from(baseProvedor)
      .innerJoin(concessionarias, eq(concessionarias.nome, baseProvedor.concessionaria))
      .where(eq(baseProvedor.fluxo, 'energia'))
      .limit(1);
    await insertRows(t.app, [
      // The tower's: refused to it (9), its own company's, on both kinds; and another company's.
      { status: 9, idEmpresa: co.tower, regional: 5, tipo: 'troca' },
      { status: 9, idEmpresa: co.tower, regional: 5 },
      { status: 9, idEmpresa: co.solicitante, regional: 7 },
      // Property Management's (13), water Property's fix at 9.
      { status: 13, idEmpresa: co.solicitante, regional: 7 },
      { status: 9, fluxo: 'agua', idEmpresa: co.solicitante, regional: 7 },
      // The provider's: one approved unit its base already holds, one it does not; water too.
      { status: 7, unidade: base!.uc, idConcessionaria: base!.idConcessionaria, regional: 5 },
      { status: 7, fluxo: 'agua', tipo: 'troca', regional: 7 },
      // The cell's, in every flow and kind; and one outside the regional's regional (Rio).
      { status: 14, regional: 7 },
      { status: 16, fluxo: 'agua', regional: 7 },
      { status: 10, tipo: 'troca', regional: 5 },
      { status: 0, regional: 5, idEmpresa: co.tower },
      { status: 1, fluxo: 'agua', tipo: 'troca', regional: 5 },
    ]);
    // Water divergences, and the provider's step on an approved one (3 → 4).
    await t.app.db.insert(regularizacoes).values([
      { fluxo: 'agua', tipoDivergencia: 1, unidade: 'AGUADIV01' },
      { fluxo: 'agua', tipoDivergencia: 2, unidade: 'AGUADIV02', status: 2 },
      { fluxo: 'energia', tipoDivergencia: 2, unidade: 'ENEDIV03', status: 3 },
    ]);

    for (const who of ROLES) await expectInboxAsDerived(who);

    const keysOf = async (who: Role) => Object.keys(answered(await painel(who))).sort();
    expect(await keysOf('tower')).toEqual(['energia-nova-9', 'energia-troca-9']);
    expect(await keysOf('property')).toEqual(expect.arrayContaining(['energia-nova-13', 'agua-nova-9']));
    expect(await keysOf('amee')).toEqual(
      expect.arrayContaining([
        'confirmacao-base-energia-na-base',
        'confirmacao-base-agua-fora-da-base',
        'pos-aprovacao-pre-validacao',
        'pos-aprovacao-validacao-final',
        'pos-aprovacao-acompanhamento',
        'regularizacao-energia-3',
      ]),
    );
    // The provider's approved requests are the base confirmation's rows, not a second entry per form.
    expect((await keysOf('amee')).some((k) => /^(energia|agua)-(nova|troca)-7$/.test(k))).toBe(false);
    expect(await keysOf('celula')).toEqual(
      expect.arrayContaining([
        'regularizacao-agua-0',
        'regularizacao-agua-2',
        'energia-nova-14',
        'agua-nova-16',
      ]),
    );
    // The cell administrator works as the cell plus the post-approval lists, and may not take 7 → 8.
    const stages = POST_APPROVAL_LIST_NAMES.map((lista) => `pos-aprovacao-${lista}`);
    expect(await keysOf('admin')).toEqual([...(await keysOf('celula')), ...stages].sort());
    expect(await keysOf('consulta')).toEqual([]);
    expect(await keysOf('solicitante')).toEqual([]);
  });
});

describe('hostile: the inbox counts nothing outside the scope, and nothing sent changes it', () => {
  it("the regional counts only its own regional's requests, the tower only its own company's", async () => {
    const regional = await painel('regional');
    const rio = await insertRows(t.app, [
      { status: 0, regional: 5 },
      { status: 1, regional: 6 },
    ]);
    expect(rio).toHaveLength(2);
    expect(answered(await painel('regional'))).toEqual(answered(regional));
    const tower = answered(await painel('tower'));
    await insertRows(t.app, [
      { status: 9, regional: 5, idEmpresa: await companyId(t.app, CNPJ.solicitante) },
    ]);
    expect(answered(await painel('tower'))).toEqual(tower);
  });

  it('profile 3 Consulta has an empty inbox, though it sees every list', async () => {
    const o = await painel('consulta');
    expect(o.formularios.length).toBeGreaterThan(0);
    expect(o.formularios.every((f) => f.aguardando.length === 0)).toBe(true);
    expect(o.tarefas).toEqual([]);
  });

  it('forged query parameters (another regional, company, group, role, profile, flow) change nothing', async () => {
    for (const who of ['regional', 'tower', 'amee', 'consulta'] as const) {
      const plain = await painel(who);
      const forged = await painel(
        who,
        '/api/home/painel?regional=5&id_regional=5&id_empresa=1&id_grupo=22845207&papel=celula&perfil=1' +
          '&fluxo=agua&status=7&lista=acompanhamento&tarefas=1',
      );
      expect(forged).toEqual(plain);
    }
  });
});
