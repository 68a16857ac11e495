import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuarios } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call } from '../support/requests.ts';
import { parseCsv } from '../support/csv.ts';

/** Hostile: a real socket — a download cut short, a user deactivated mid-download; and who exports the admin lists. */
let t: TestApp;
let base: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['celula', 'amee', 'consulta', 'regional', 'property', 'tower'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  const { insertSyntheticRequests } = await import('../support/synthetic-requests.ts');
  await insertSyntheticRequests(t.app.db, 4_000);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => t.close());

/** Opens a download and resolves with the response once the first bytes arrived. */
const open = (url: string, token: string) =>
  new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(`${base}${url}`, { headers: bearer(token) }, (res) => resolve(res));
    req.on('error', reject);
  });
const readAll = (res: http.IncomingMessage) =>
  new Promise<{ body: Buffer; aborted: boolean }>((resolve) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => resolve({ body: Buffer.concat(chunks), aborted: !res.complete }));
    res.on('error', () => resolve({ body: Buffer.concat(chunks), aborted: true }));
    res.on('aborted', () => resolve({ body: Buffer.concat(chunks), aborted: true }));
  });

describe('hostile: downloads on a real socket', () => {
  it('a client that walks away mid-download does not hold the database: the next calls answer at once', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await open('/api/novas-unidades/relatorio/exportar?formato=csv', tokens.celula!);
      expect(res.statusCode).toBe(200);
      await new Promise((r) => res.once('data', r));
      res.destroy();
    }
    const started = Date.now();
    const page = await call(t.app, tokens.celula!, '/api/novas-unidades/relatorio', {});
    expect(page.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
  }, 60_000);

  it('a paused reader does not stall other users', async () => {
    const res = await open('/api/novas-unidades/relatorio/exportar?formato=csv', tokens.celula!);
    res.pause();
    const started = Date.now();
    const other = await call(t.app, tokens.amee!, '/api/novas-unidades/relatorio', { per_page: 50 });
    expect(other.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
    res.destroy();
  }, 60_000);

  it('a user deactivated mid-download never receives more rows than the total announced, nor a corrupt-looking complete file', async () => {
    const email = 'amee@demo.portal';
    const res = await open('/api/novas-unidades/relatorio/exportar?formato=csv', tokens.amee!);
    expect(res.statusCode).toBe(200);
    const total = Number(res.headers['x-total-registros']);
    expect(total).toBeGreaterThan(1000);
    await t.app.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, email));
    try {
      const { body } = await readAll(res);
      const rows = parseCsv(body.toString('utf8')).slice(1);
      expect(rows.length).toBeLessThanOrEqual(total);
      // Every line that arrived is whole: as many cells as the header.
      const header = parseCsv(body.toString('utf8'))[0]!;
      for (const r of rows.slice(0, -1)) expect(r.length).toBe(header.length);
      const after = await call(t.app, tokens.amee!, '/api/novas-unidades/relatorio', {});
      expect(after.statusCode).toBe(401);
    } finally {
      await t.app.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.email, email));
    }
  }, 60_000);

  it('the full csv export has exactly x-total-registros rows, no id twice (1,000+ rows, several batches)', async () => {
    const res = await open('/api/novas-unidades/relatorio/exportar?formato=csv', tokens.celula!);
    const total = Number(res.headers['x-total-registros']);
    const { body, aborted } = await readAll(res);
    expect(aborted).toBe(false);
    const ids = parseCsv(body.toString('utf8'))
      .slice(1)
      .map((r) => r[0]);
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
  }, 60_000);

  it('the regional export over several batches: every row is TSP', async () => {
    const res = await open('/api/novas-unidades/relatorio/exportar?formato=csv', tokens.regional!);
    const total = Number(res.headers['x-total-registros']);
    const { body } = await readAll(res);
    const rows = parseCsv(body.toString('utf8'));
    const col = rows[0]!.indexOf('Regional');
    const others = rows.slice(1).filter((r) => r[col] !== 'TSP - São Paulo');
    expect(others).toEqual([]);
    expect(rows.length - 1).toBe(total);
  }, 60_000);
});

describe('hostile: the administration exports, by who may not administer', () => {
  it('the consulta profile (read-only) may not export users, groups, regionals, status labels', async () => {
    for (const p of [
      'usuarios',
      'grupos',
      'regional',
      'status-rotulos',
      'empresas',
      'agua/empresas',
      'concessionarias',
    ]) {
      const list = await call(t.app, tokens.consulta!, `/api/${p}/list`, {});
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/${p}/list/exportar`,
        headers: bearer(tokens.consulta!),
      });
      // The export opens exactly when the list opens.
      expect(file.statusCode === 200, `${p}: list ${list.statusCode}, export ${file.statusCode}`).toBe(
        list.statusCode === 200,
      );
    }
  });

  it('property, tower and regional: the export opens exactly when the list opens', async () => {
    for (const who of ['property', 'tower', 'regional'])
      for (const p of [
        'usuarios',
        'grupos',
        'regional',
        'status-rotulos',
        'empresas',
        'agua/empresas',
        'concessionarias',
      ]) {
        const list = await call(t.app, tokens[who]!, `/api/${p}/list`, {});
        const file = await t.app.inject({
          method: 'GET',
          url: `/api/${p}/list/exportar`,
          headers: bearer(tokens[who]!),
        });
        expect(
          file.statusCode === 200,
          `${who} ${p}: list ${list.statusCode}, export ${file.statusCode}`,
        ).toBe(list.statusCode === 200);
        if (list.statusCode === 200)
          expect(file.headers['x-total-registros'], `${who} ${p}`).toBe(String(list.json().total));
      }
  });

  it('the four request lists: export opens exactly when the list opens, with the list total', async () => {
    for (const who of ['property', 'tower', 'regional', 'consulta', 'amee'])
      for (const p of ['novas-unidades', 'unidades', 'agua/novas-unidades', 'agua/unidades']) {
        const list = await call(t.app, tokens[who]!, `/api/${p}/list`, {});
        const file = await t.app.inject({
          method: 'GET',
          url: `/api/${p}/list/exportar?formato=csv`,
          headers: bearer(tokens[who]!),
        });
        expect(
          file.statusCode === 200,
          `${who} ${p}: list ${list.statusCode}, export ${file.statusCode}`,
        ).toBe(list.statusCode === 200);
        if (list.statusCode === 200) {
          expect(file.headers['x-total-registros'], `${who} ${p}`).toBe(String(list.json().total));
          expect(parseCsv(file.rawPayload.toString('utf8')).length - 1, `${who} ${p}`).toBe(
            list.json().total,
          );
        }
      }
  }, 120_000);
});

describe('hostile: totals against the rows, over thousands of rows in every regional, company and status', () => {
  it('page total = export rows = x-total-registros for each status, date range and list search', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    for (const who of ['celula', 'regional', 'consulta'])
      for (const p of ['novas-unidades', 'unidades', 'agua/novas-unidades', 'agua/unidades'])
        for (const filter of [
          { status: 0 },
          { status: 8 },
          { status: 16 },
          { de: today },
          { ate: today, status: 3 },
          { q: 'END000000011' },
        ]) {
          const page = await call(t.app, tokens[who]!, `/api/${p}/relatorio`, filter);
          expect(page.statusCode, `${who} ${p}`).toBe(200);
          const qs = new URLSearchParams({
            ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)])),
            formato: 'csv',
          });
          const file = await t.app.inject({
            method: 'GET',
            url: `/api/${p}/relatorio/exportar?${qs}`,
            headers: bearer(tokens[who]!),
          });
          const rows = parseCsv(file.rawPayload.toString('utf8')).length - 1;
          const label = `${who} ${p} ${JSON.stringify(filter)}`;
          expect(rows, label).toBe(page.json().total);
          expect(file.headers['x-total-registros'], label).toBe(String(rows));
        }
  }, 180_000);

  it('the list export search escapes LIKE wildcards: "EN%" and "EN_" find nothing, "END0000000" finds its prefix', async () => {
    for (const q of ['EN%', 'EN_', 'E\\%']) {
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/novas-unidades/list/exportar?formato=csv&q=${encodeURIComponent(q)}`,
        headers: bearer(tokens.celula!),
      });
      expect(file.statusCode).toBe(200);
      expect(parseCsv(file.rawPayload.toString('utf8')).length - 1, q).toBe(0);
    }
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/novas-unidades/list/exportar?formato=csv&q=END0000000',
      headers: bearer(tokens.celula!),
    });
    expect(Number(file.headers['x-total-registros'])).toBeGreaterThan(0);
  });
});
