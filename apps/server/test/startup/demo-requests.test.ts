import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_UNREAD_NOTICES } from '../../src/db/seed/demo-requests.ts';
import { auditLog, historicoStatus, solicitacoes } from '../../src/db/schema.ts';
import { counterDrift } from '../../src/requests-core/counts-repo.ts';
import { startServer, type StartedServer } from '../../src/startup/start-server.ts';
import { bearer, login } from '../support/test-app.ts';
import { START_ENV } from './support.ts';

/** A fresh demo opens on work: requests at each step, made by the demo users through the engine. */
let dir: string;
let started: StartedServer;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-demo-requests-'));
  started = await startServer({ ...START_ENV, DATA_DIR: dir });
});
afterAll(async () => {
  await started?.app.close();
  await rm(dir, { recursive: true, force: true });
});

const post = async (email: string, url: string, payload: object) => {
  const res = await started.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload,
    headers: bearer(await login(started.app, email)),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const statusesOf = (reply: { dados: { status: number }[] }) =>
  reply.dados.map((r) => r.status).sort((a, b) => a - b);

describe('demo requests on the start that creates the demo', () => {
  it('the requester sees energy units at every step, and water ones', async () => {
    const energy = await post('solicitante@demo.portal', 'novas-unidades/list', { per_page: 50 });
    expect(statusesOf(energy)).toEqual([0, 1, 2, 3, 7, 8, 8, 8, 8]);
    const water = await post('solicitante@demo.portal', 'agua/novas-unidades/list', { per_page: 50 });
    expect(statusesOf(water)).toEqual([0, 1]);
  });

  it("the regional sees its regional's units; the cell, one waiting on it", async () => {
    const regional = await post('regional@demo.portal', 'novas-unidades/list', { per_page: 50 });
    expect(statusesOf(regional)).toEqual([0, 1, 2, 3, 7, 8, 8, 8, 8]);
    const cell = await post('celula@demo.portal', 'novas-unidades/list', { per_page: 50, status: 2 });
    expect(cell.total).toBe(1);
  });

  it('Property Management has a unit of its own waiting on its analysis (13), outside the regional’s TSP', async () => {
    const own = await post('property@demo.portal', 'novas-unidades/list', { per_page: 50, status: 13 });
    expect(own.dados).toMatchObject([{ status: 13, uf: 'RJ' }]);
    const regional = await post('regional@demo.portal', 'novas-unidades/list', { per_page: 50, status: 13 });
    expect(regional.total).toBe(0);
  });

  it('the provider has one unit waiting at each post-approval stage and one Ativa', async () => {
    for (const lista of ['pre-validacao', 'validacao-final', 'acompanhamento']) {
      const waiting = await post('amee@demo.portal', 'pos-aprovacao/list', { lista, filtro: 'aguardando' });
      expect(waiting.total, lista).toBe(1);
    }
    const active = await post('amee@demo.portal', 'pos-aprovacao/list', {
      lista: 'acompanhamento',
      filtro: 'ativas',
    });
    expect(active.dados).toMatchObject([{ etapa: 4 }]);
  });

  it('every step left its status history and audit entry, and the counters agree with a recount', async () => {
    const db = started.app.db;
    const [{ n: requests } = { n: 0 }] = await db.select({ n: count() }).from(solicitacoes);
    const [{ n: histories } = { n: 0 }] = await db.select({ n: count() }).from(historicoStatus);
    const [{ n: audits } = { n: 0 }] = await db.select({ n: count() }).from(auditLog);
    expect(requests).toBe(12);
    expect(histories).toBeGreaterThan(requests);
    expect(audits).toBeGreaterThan(requests);
    expect(await counterDrift(db)).toEqual([]);
  });

  it('the bell opens on the latest few notices unread, the older ones kept as read history', async () => {
    const get = async (email: string) => {
      const res = await started.app.inject({
        method: 'GET',
        url: '/api/notificacoes',
        headers: bearer(await login(started.app, email)),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { dados: { id: number; lida_em: string | null }[]; nao_lidas: number };
    };
    // The requester was told of every move of their eleven requests: far more than a handful.
    const requester = await get('solicitante@demo.portal');
    expect(requester.dados.length).toBeGreaterThan(10);
    expect(requester.nao_lidas).toBe(DEMO_UNREAD_NOTICES);
    // The unread ones are the newest (the list is newest first).
    expect(requester.dados.map((n) => n.lida_em === null)).toEqual(
      requester.dados.map((_, i) => i < DEMO_UNREAD_NOTICES),
    );
    for (const email of [
      'regional@demo.portal',
      'celula@demo.portal',
      'amee@demo.portal',
      'tower@demo.portal',
    ])
      expect((await get(email)).nao_lidas, email).toBeLessThanOrEqual(DEMO_UNREAD_NOTICES);
  });

  it('a second start adds none', async () => {
    await started.app.close();
    started = await startServer({ ...START_ENV, DATA_DIR: dir });
    const [{ n } = { n: 0 }] = await started.app.db.select({ n: count() }).from(solicitacoes);
    expect(n).toBe(12);
  });
});
