import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP } from '@portal/domain';
import { grupos, regionais, usuarios } from '../src/db/schema.ts';
import { seedDemoData } from '../src/db/seed/seed.ts';
import { bearer, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seed', () => {
  it('creates the seven regionals and the access groups with the spec codes as ids', async () => {
    const regs = await t.app.db.select().from(regionais);
    expect(regs.map((r) => r.regional).sort()).toEqual(['TCO', 'TLE', 'TNE', 'TNO', 'TRJ', 'TSL', 'TSP']);
    const groups = await t.app.db.select().from(grupos);
    for (const code of [
      GROUP.REGIONAL,
      GROUP.CELULA,
      GROUP.AMEE,
      GROUP.TOWER,
      GROUP.PROPERTY,
      GROUP.SOLICITANTE,
    ]) {
      expect(groups.map((g) => g.id)).toContain(code);
    }
  });

  it('creates one demo user per role, and running it again creates nothing', async () => {
    expect(await t.app.db.select().from(usuarios)).toHaveLength(9);
    expect(await seedDemoData(t.app.db)).toEqual([]);
    expect(await t.app.db.select().from(usuarios)).toHaveLength(9);
  });

  it('SEED_DEMO=0 creates no demo users (reference data only)', async () => {
    const bare = await createTestApp({ seedDemo: false });
    expect(await bare.app.db.select().from(usuarios)).toHaveLength(0);
    expect(await bare.app.db.select().from(regionais)).toHaveLength(7);
    await bare.close();
  });
});

describe('GET /api/concessionarias', () => {
  it('lists real energy concessionaires, and the water ones under /agua', async () => {
    const token = await login(t.app, 'celula@demo.portal');
    const energia = (
      await t.app.inject({ method: 'GET', url: '/api/concessionarias', headers: bearer(token) })
    ).json();
    const agua = (
      await t.app.inject({ method: 'GET', url: '/api/agua/concessionarias', headers: bearer(token) })
    ).json();
    expect(energia.error).toBe(0);
    expect(energia.dados.map((c: { nome: string }) => c.nome)).toEqual(
      expect.arrayContaining(['CEMIG Distribuição', 'Light']),
    );
    expect(agua.dados.map((c: { nome: string }) => c.nome)).toEqual(
      expect.arrayContaining(['Sabesp', 'Copasa']),
    );
    expect(energia.dados[0]).toEqual({
      id: expect.any(Number),
      nome: expect.any(String),
      sigla: expect.any(String),
      ufs: expect.any(Array),
    });
  });
});

describe('embedded database and web app', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-disk-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  // The embedded PGlite only: on PostgreSQL there is no DATA_DIR database to keep.
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'keeps data under DATA_DIR across restarts, and the second start seeds nothing new',
    async () => {
      const first = await createTestApp({ inMemoryDatabase: false, dataDir: dir });
      expect(first.app.seededUsers).toHaveLength(9);
      await first.app.close();
      const second = await createTestApp({ inMemoryDatabase: false, dataDir: dir });
      expect(second.app.seededUsers).toEqual([]);
      expect(await login(second.app, 'admin@demo.portal')).toBeTruthy();
      await second.app.close();
    },
  );

  it('serves the web app and falls back to index.html for client routes, JSON 404 under /api', async () => {
    const web = path.join(dir, 'web');
    await mkdir(web, { recursive: true });
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Portal</title>');
    const served = await createTestApp({ webDist: web });
    const page = await served.app.inject({ method: 'GET', url: '/cadastro-uc-nova/2' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<title>Portal</title>');
    const api = await served.app.inject({ method: 'GET', url: '/api/cadastro-uc-nova' });
    expect(api.statusCode).toBe(404);
    expect(api.json().msg).toBe('Rota não encontrada.');
    await served.close();
  });
});
