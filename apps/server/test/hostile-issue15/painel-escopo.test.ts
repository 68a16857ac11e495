import type { DashboardOverview } from '@portal/domain/contracts/dashboard';
import { STATUS_GROUPS, type Flow, type Kind } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/requests.ts';
import { bearer, createTestApp, DEMO_NAMES, loginDemo, type TestApp } from '../support/test-app.ts';
import { CNPJ, companyId, insertRows, type RowSpec } from '../hostile/support.ts';
import { formCall } from './support.ts';

/**
 * Hostile review of GET /api/home/painel (issue 15 point 1): "every number links to the list
 * filtered exactly to it" — so every number the overview gives a user must be the total the same
 * user's list answers for that filter. A scope leak (another regional, company, water for a user
 * without water) shows up as a number the list cannot reproduce.
 */
let t: TestApp;
let tok: Record<string, string> = {};
const DAY = 86_400_000;
const ago = (n: number) => new Date(Date.now() - n * DAY);

beforeAll(async () => {
  t = await createTestApp();
  tok = await loginDemo(t.app);
  const co: Record<string, number> = {};
  for (const [key, cnpj] of Object.entries(CNPJ)) co[key] = await companyId(t.app, cnpj);
  const rows: RowSpec[] = [];
  const flows: Flow[] = ['energia', 'agua'];
  const kinds: Kind[] = ['nova', 'troca'];
  const statuses = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
  let i = 0;
  // Every form, status, a spread of regionals (none included) and companies (none included), ages.
  for (const fluxo of flows)
    for (const tipo of kinds)
      for (const status of statuses) {
        const regional = [7, 5, 1, null][i % 4]!;
        const idEmpresa = [co.solicitante, co.tower, co.property, co.cliente, null][i % 5]!;
        rows.push({ fluxo, tipo, status, regional, idEmpresa, dataPedido: ago([0, 3, 20, 60, 200][i % 5]!) });
        i++;
      }
  await insertRows(t.app, rows);
}, 120_000);
afterAll(() => t.close());

async function painel(who: string, url = '/api/home/painel') {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(tok[who]!) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados as DashboardOverview;
}

async function listTotal(who: string, flow: Flow, kind: Kind, filters: Record<string, unknown>) {
  const res = await call(t.app, tok[who]!, formCall(flow, kind, 'list'), { per_page: 10, ...filters });
  return { code: res.statusCode, total: res.statusCode === 200 ? (res.json().total as number) : null };
}

describe('every number of the overview is the total of the list it links to, for the same user', () => {
  it.each(DEMO_NAMES)('[%s] per status, per regional and group, and its queue', async (who) => {
    const o = await painel(who);
    const wrong: string[] = [];
    for (const f of o.formularios) {
      const listed = await listTotal(who, f.fluxo, f.tipo, {});
      if (listed.code !== 200) {
        wrong.push(`${f.fluxo}.${f.tipo}: on the overview but its list answers ${listed.code}`);
        continue;
      }
      for (const s of f.status) {
        const l = await listTotal(who, f.fluxo, f.tipo, { status: [s.status] });
        if (l.total !== s.total)
          wrong.push(`${f.fluxo}.${f.tipo} status ${s.status}: painel ${s.total}, list ${l.total}`);
      }
      for (const a of f.aguardando) {
        const l = await listTotal(who, f.fluxo, f.tipo, { status: [a.status] });
        if (l.total !== a.total)
          wrong.push(`${f.fluxo}.${f.tipo} queue ${a.status}: painel ${a.total}, list ${l.total}`);
      }
      for (const r of f.regionais.filter((x) => x.regional > 0)) {
        const group = STATUS_GROUPS.find((g) => g.key === r.grupo)!;
        const l = await listTotal(who, f.fluxo, f.tipo, {
          status: [...group.statuses],
          regional: r.regional,
        });
        if (l.total !== r.total)
          wrong.push(
            `${f.fluxo}.${f.tipo} regional ${r.regional} ${r.grupo}: painel ${r.total}, list ${l.total}`,
          );
      }
      const open = STATUS_GROUPS.filter((g) => g.key !== 'concluidas' && g.key !== 'recusadas').flatMap(
        (g) => g.statuses,
      );
      const openTotal = f.status
        .filter((s) => (open as number[]).includes(s.status))
        .reduce((a, s) => a + s.total, 0);
      const aged = f.idade.reduce((a, b) => a + b.total, 0);
      if (aged !== openTotal)
        wrong.push(`${f.fluxo}.${f.tipo}: ages add to ${aged}, open statuses to ${openTotal}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(DEMO_NAMES)(
    '[%s] a form absent from the overview is a form whose list the user may not open',
    async (who) => {
      const o = await painel(who);
      const wrong: string[] = [];
      for (const flow of ['energia', 'agua'] as Flow[])
        for (const kind of ['nova', 'troca'] as Kind[]) {
          const shown = o.formularios.some((f) => f.fluxo === flow && f.tipo === kind);
          const l = await listTotal(who, flow, kind, {});
          if (!shown && l.code === 200 && (l.total ?? 0) > 0)
            wrong.push(`${flow}.${kind}: list has ${l.total}, overview hides it`);
          if (shown && l.code !== 200)
            wrong.push(`${flow}.${kind}: overview shows it, list answers ${l.code}`);
        }
      expect(wrong).toEqual([]);
    },
  );
});

describe('nothing a client sends widens the overview', () => {
  const widen = [
    '?regional=1&regional=5&empresa=1&id_empresa=1&id_grupo=1&papel=celula&perfil=1&escopo=all',
    '?fluxo=agua&tipo=troca&status=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15',
    '?__proto__[papel]=celula&constructor[prototype][papel]=celula',
    `?q=${'%'.repeat(5000)}`,
  ];
  it.each(['regional', 'tower', 'solicitante', 'consulta'])(
    '[%s] the same answer whatever the query string',
    async (who) => {
      const plain = await painel(who);
      for (const q of widen) expect([q, await painel(who, `/api/home/painel${q}`)]).toEqual([q, plain]);
    },
  );

  it('a body, another method or a forged session changes nothing', async () => {
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/home/painel',
      payload: { regional: 1 },
      headers: bearer(tok.regional!),
    });
    expect(post.statusCode).toBe(404);
    for (const authorization of [
      'Bearer ',
      'Bearer x.y.z',
      'Basic YWRtaW46YWRtaW4=',
      `Bearer ${tok.admin}x`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/home/painel', headers: { authorization } });
      expect([authorization.slice(0, 12), res.statusCode]).toEqual([authorization.slice(0, 12), 401]);
    }
  });

  it('profile 3 (Consulta) has no queue of its own, whatever it sees', async () => {
    const o = await painel('consulta');
    expect(o.formularios.length).toBeGreaterThan(0);
    expect(o.formularios.flatMap((f) => f.aguardando.filter((a) => a.total > 0))).toEqual([]);
  });
});
