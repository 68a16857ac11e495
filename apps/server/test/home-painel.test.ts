import { PROFILE } from '@portal/domain';
import type { DashboardOverview } from '@portal/domain/contracts/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { grupos, usuarios } from '../src/db/schema.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.ts';
import { bearer, createTestApp, login, type TestApp } from './support/test-app.ts';
import { CNPJ, companyId, insertRows, type RowSpec } from './hostile/support.ts';

/**
 * GET /api/home/painel (issue 15 point 1): what waits for the signed-in user's own action, every
 * status grouped, ages and regionals; in the session's scope and forms only, whatever is sent.
 */
let t: TestApp;
const tok: Record<string, string> = {};
const co: Record<string, number> = {};
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'celula', 'regional', 'tower', 'solicitante', 'amee', 'property', 'consulta']) {
    tok[who] = await login(t.app, `${who}@demo.portal`);
  }
  for (const [key, cnpj] of Object.entries(CNPJ)) co[key] = await companyId(t.app, cnpj);
  // A Grupo TIM group other than 23158875: its menu has no water entry at all.
  const [grupo] = await t.app.db
    .insert(grupos)
    .values({ id: 99000002, nome: 'Grupo TIM sem água', papel: 'grupo_tim', cadastro: true })
    .returning({ id: grupos.id });
  await t.app.db.insert(usuarios).values({
    name: 'Sem Água',
    email: 'sem-agua@teste.portal',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    idGrupo: grupo!.id,
    idPerfil: PROFILE.CADASTRO_UC,
    trocarSenha: 1,
  });
  tok.semAgua = await login(t.app, 'sem-agua@teste.portal');

  const rows: RowSpec[] = [
    // São Paulo (7), the regional's: two waiting for it (0 and 1), the older 12 days old.
    { status: 0, regional: 7, idEmpresa: co.solicitante, dataPedido: daysAgo(12) },
    { status: 1, regional: 7, idEmpresa: co.solicitante, dataPedido: daysAgo(3) },
    // Rio (5): not the regional's.
    { status: 1, regional: 5, idEmpresa: co.tower, dataPedido: daysAgo(200) },
    // The cell's: 2 (approved by the regional), 9 of the tower's company and another's.
    { status: 2, regional: 7, idEmpresa: co.solicitante, dataPedido: daysAgo(45) },
    { status: 2, regional: 5, idEmpresa: co.tower, dataPedido: daysAgo(20) },
    { status: 9, regional: 5, idEmpresa: co.tower, dataPedido: daysAgo(5) },
    { status: 9, regional: 7, idEmpresa: co.solicitante, dataPedido: daysAgo(6) },
    // The provider's (7), and closed ones.
    { status: 7, regional: 7, idEmpresa: co.solicitante, dataPedido: daysAgo(100) },
    { status: 5, regional: 7, idEmpresa: co.solicitante, dataPedido: daysAgo(1) },
    { status: 8, regional: 7, idEmpresa: co.solicitante, dataPedido: daysAgo(2) },
    { status: 3, regional: 7, idEmpresa: co.solicitante, dataPedido: daysAgo(2) },
    { status: 6, regional: 5, idEmpresa: co.tower, dataPedido: daysAgo(2) },
    // Water: one waiting for the regional, one for the cell.
    { fluxo: 'agua', status: 1, regional: 7, idEmpresa: co.solicitante, dataPedido: daysAgo(9) },
    { fluxo: 'agua', status: 4, regional: 7, idEmpresa: co.solicitante, dataPedido: daysAgo(40) },
  ];
  await insertRows(t.app, rows);
});
afterAll(() => t.close());

async function painel(who: string, url = '/api/home/painel') {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(tok[who]!) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados as DashboardOverview;
}

const form = (o: DashboardOverview, fluxo: string, tipo = 'nova') =>
  o.formularios.find((f) => f.fluxo === fluxo && f.tipo === tipo);
/** The "Aguardando minha ação" entries with something waiting. */
const waiting = (o: DashboardOverview, fluxo = 'energia', tipo = 'nova') =>
  (form(o, fluxo, tipo)?.aguardando ?? []).filter((a) => a.total > 0);
const statusTotal = (o: DashboardOverview, fluxo: string, status: number) =>
  form(o, fluxo)!.status.find((s) => s.status === status)!.total;

describe('"Aguardando minha ação" per role (derived from the save policy)', () => {
  it("the regional waits on 0 and 1 of its own regional only, with the oldest request's age", async () => {
    const o = await painel('regional');
    expect(form(o, 'energia')!.aguardando.map((a) => a.status)).toEqual([0, 1]);
    expect(waiting(o)).toEqual([
      { status: 0, total: 1, mais_antiga_dias: 12 },
      { status: 1, total: 1, mais_antiga_dias: 3 },
    ]);
    expect(waiting(o, 'agua')).toEqual([{ status: 1, total: 1, mais_antiga_dias: 9 }]);
  });

  it('the cell waits on 2 and 9 of every regional and company', async () => {
    const o = await painel('celula');
    expect(waiting(o)).toEqual([
      { status: 2, total: 2, mais_antiga_dias: 45 },
      { status: 5, total: 1, mais_antiga_dias: 1 },
      { status: 9, total: 2, mais_antiga_dias: 6 },
    ]);
    expect(waiting(o, 'agua')).toEqual([{ status: 4, total: 1, mais_antiga_dias: 40 }]);
  });

  it("the tower waits on 9 of its own company's requests only", async () => {
    const o = await painel('tower');
    expect(waiting(o)).toEqual([{ status: 9, total: 1, mais_antiga_dias: 5 }]);
  });

  it("the provider waits on approved requests (7), listed once: as the base confirmation's rows", async () => {
    const o = await painel('amee');
    expect(waiting(o)).toEqual([]);
    const confirmation = o.tarefas.filter((t) => t.tipo === 'confirmacao-base' && t.fluxo === 'energia');
    expect(confirmation).toEqual([
      { tipo: 'confirmacao-base', fluxo: 'energia', situacao: 'na-base', total: 0 },
      { tipo: 'confirmacao-base', fluxo: 'energia', situacao: 'fora-da-base', total: 1 },
    ]);
  });

  it('the requester acts on nothing (its grants move no status), though it sees its requests', async () => {
    const o = await painel('solicitante');
    expect(o.formularios.every((f) => f.aguardando.length === 0)).toBe(true);
    expect(statusTotal(o, 'energia', 0)).toBe(1);
  });

  it('profile 3 Consulta acts on nothing, though it sees every request', async () => {
    const o = await painel('consulta');
    expect(o.formularios.length).toBeGreaterThan(0);
    expect(o.formularios.every((f) => f.aguardando.length === 0)).toBe(true);
    expect(statusTotal(o, 'energia', 2)).toBe(2);
  });
});

describe('every status, grouped, per form; water beside energy only for those who have water', () => {
  it('answers all 16 statuses of every form the cell opens, zeros included', async () => {
    const o = await painel('celula');
    expect(o.formularios.map((f) => `${f.fluxo}.${f.tipo}`).sort()).toEqual([
      'agua.nova',
      'agua.troca',
      'energia.nova',
      'energia.troca',
    ]);
    for (const f of o.formularios) expect(f.status).toHaveLength(16);
    expect(statusTotal(o, 'energia', 3)).toBe(1);
    expect(statusTotal(o, 'energia', 9)).toBe(2);
  });

  it('a user whose menu has no water gets no water form at all', async () => {
    const o = await painel('semAgua');
    expect(o.formularios.some((f) => f.fluxo === 'agua')).toBe(false);
    expect(o.formularios.some((f) => f.fluxo === 'energia')).toBe(true);
  });

  it('requests per regional and status group, in scope', async () => {
    const celula = form(await painel('celula'), 'energia')!.regionais;
    expect(celula).toEqual(
      expect.arrayContaining([
        { regional: 7, nome: 'TSP - São Paulo', grupo: 'andamento', total: 5 },
        { regional: 7, nome: 'TSP - São Paulo', grupo: 'concessionaria', total: 1 },
        { regional: 7, nome: 'TSP - São Paulo', grupo: 'concluidas', total: 1 },
        { regional: 7, nome: 'TSP - São Paulo', grupo: 'recusadas', total: 1 },
        { regional: 5, nome: 'TRJ - Rio de Janeiro', grupo: 'andamento', total: 3 },
        { regional: 5, nome: 'TRJ - Rio de Janeiro', grupo: 'recusadas', total: 1 },
      ]),
    );
    expect(celula).toHaveLength(6);
    const regional = form(await painel('regional'), 'energia')!.regionais;
    expect(new Set(regional.map((r) => r.regional))).toEqual(new Set([7]));
  });

  it('open requests by age since the request date: 0–7, 8–30, 31–90 and more than 90 days', async () => {
    const o = await painel('celula');
    // Open energy new units: 12, 3, 200, 45, 20, 5, 6, 100 and 1 days old (8, 3 and 6 are closed).
    expect(form(o, 'energia')!.idade).toEqual([
      { faixa: '0-7', total: 4 },
      { faixa: '8-30', total: 2 },
      { faixa: '31-90', total: 1 },
      { faixa: '90+', total: 2 },
    ]);
    expect(form(await painel('regional'), 'energia')!.idade.map((b) => b.total)).toEqual([3, 1, 1, 1]);
    expect(o.hoje).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('hostile: nothing sent widens the scope', () => {
  it('query parameters naming another regional, company, group or role are ignored', async () => {
    const plain = await painel('regional');
    const forged = await painel(
      'regional',
      `/api/home/painel?regional=5&id_regional=5&id_empresa=${co.tower}&id_grupo=22845207&papel=celula&perfil=1`,
    );
    expect(forged).toEqual(plain);
    expect(waiting(forged).reduce((n, a) => n + a.total, 0)).toBe(2);
  });

  it("the tower never sees another company's requests, in any number", async () => {
    const o = await painel('tower');
    const total = o.formularios.flatMap((f) => f.status).reduce((n, s) => n + s.total, 0);
    expect(total).toBe(4); // its company's: 1, 2, 9 and 6 in Rio
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/home/painel' });
    expect(res.statusCode).toBe(401);
  });

  it('GET /api/home keeps answering the spec totals, unchanged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/home', headers: bearer(tok.celula!) });
    expect(Object.keys(res.json().dados).sort()).toEqual(
      [
        'total_solicitadas',
        'total_ap_regional',
        'total_ap_ceular',
        'total_canceladas',
        'total_base',
        'total_solicitadas_nova',
        'total_ap_regional_nova',
        'total_ap_ceular_nova',
        'total_canceladas_nova',
        'total_base_nova',
      ].sort(),
    );
    expect(res.json().dados.total_ap_regional_nova).toBe(2);
  });
});
