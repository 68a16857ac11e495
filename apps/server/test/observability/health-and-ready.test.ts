import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const ready = () => t!.app.inject({ method: 'GET', url: '/api/ready' });

describe('GET /api/health and GET /api/ready (issue 16)', () => {
  it('health answers without a session while the process is alive', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('ready answers 200 without a session when the database, its migrations and the storage are fine', async () => {
    t = await createTestApp();
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('ready answers 503 naming the migrations when one committed migration is not applied', async () => {
    t = await createTestApp();
    await t.app.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 1,
      msg: 'Servidor não está pronto: há migrações do banco não aplicadas.',
      falhas: ['migracoes'],
    });
  });

  it('ready answers 503 naming the storage when attachments cannot be written, without its path', async () => {
    t = await createTestApp();
    // A file where the uploads folder should be: the storage's probe cannot create or write it.
    const uploads = path.join(t.config.dataDir, 'uploads');
    await rm(uploads, { recursive: true, force: true });
    await writeFile(uploads, '');
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 1,
      msg: 'Servidor não está pronto: armazenamento de anexos inacessível.',
      falhas: ['armazenamento'],
    });
    expect(res.body).not.toContain(t.config.dataDir);
  });

  it('ready answers 503 once a shutdown began, while health still answers 200', async () => {
    t = await createTestApp();
    t.app.lifecycle.draining = true;
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      msg: 'Servidor não está pronto: o servidor está encerrando.',
      falhas: ['encerrando'],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('requests other than the probes arriving during a shutdown get a Portuguese 503 and Connection: close', async () => {
    t = await createTestApp();
    t.app.lifecycle.draining = true;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'x@y.z', password: 'x' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 1,
      msg: 'O servidor está sendo reiniciado. Tente novamente em instantes.',
    });
    expect(res.headers.connection).toBe('close');
  });
});
