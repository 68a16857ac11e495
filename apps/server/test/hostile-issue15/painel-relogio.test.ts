import type { DashboardOverview } from '@portal/domain/contracts/dashboard';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, loginDemo, type TestApp } from '../support/test-app.ts';
import { insertRows } from '../hostile/support.ts';

/**
 * data_pedido is written by the database's clock, "today" by the application's (home/repo.ts).
 * When the two disagree (a PostgreSQL server whose clock runs ahead, a request entered seconds before
 * midnight in Brasília, an imported date), a request's date can be after "today". One such row must
 * not take the dashboard down for everyone whose queue holds it.
 */
let t: TestApp;
let tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  tok = await loginDemo(t.app, ['regional', 'celula']);
  await insertRows(t.app, [{ status: 1, regional: 7, dataPedido: new Date(Date.now() + 2 * 86_400_000) }]);
});
afterAll(() => t.close());

it("a request dated after the application's today still leaves the overview answering, its age never below zero", async () => {
  for (const who of ['regional', 'celula']) {
    const res = await t.app.inject({ method: 'GET', url: '/api/home/painel', headers: bearer(tok[who]!) });
    expect([who, res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([who, 200, '']);
    const o = res.json().dados as DashboardOverview;
    for (const f of o.formularios)
      for (const a of f.aguardando) expect(a.mais_antiga_dias ?? 0).toBeGreaterThanOrEqual(0);
  }
});
