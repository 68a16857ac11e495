import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filaTarefas } from '../../src/db/schema.ts';
import { enqueue, MAX_ATTEMPTS, runDueTasks } from '../../src/jobs/queue.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';

const TOKEN = 'token-de-metricas-de-teste';

/** The value of one sample, `name{labels} value`, or undefined when absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('/metrics is off without METRICS_TOKEN (issue 16)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t?.close());

  it('answers 404 to everyone, whatever token they send', async () => {
    for (const headers of [{}, bearer(TOKEN), bearer('')]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 1, msg: 'Rota não encontrada.' });
    }
  });
});

describe('/metrics with METRICS_TOKEN (issue 16)', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  beforeAll(async () => (t = await createTestApp({ metricsToken: TOKEN })));
  afterAll(() => t?.close());

  it('answers 404 without the token, with a wrong one, with another scheme, or with a user session', async () => {
    const session = await login(t.app, 'admin@demo.portal');
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      `Basic ${TOKEN}`,
      `Bearer ${session}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('portal_');
    }
  });

  it('serves Prometheus text with the process default metrics to the token holder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('counts a request under its route pattern and status, never its raw URL, id or e-mail', async () => {
    const email = 'celula@demo.portal';
    const token = await login(t.app, email);
    const id = 987_654_321;
    const route = 'method="GET",route="/api/arquivos/:id",status_code="404"';
    const before = sample(await scrape(), 'portal_http_request_duration_seconds_count', route) ?? 0;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/arquivos/${id + i}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(404);
    }
    // An unknown path carrying personal data shares one label with every other unknown path.
    await t.app.inject({ method: 'GET', url: `/api/procura/${encodeURIComponent(email)}/${id}` });
    const text = await scrape();
    expect(sample(text, 'portal_http_request_duration_seconds_count', route)).toBe(before + 3);
    expect(
      sample(
        text,
        'portal_http_request_duration_seconds_count',
        'method="GET",route="sem-rota",status_code="404"',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'portal_http_request_duration_seconds_count',
        'method="POST",route="/api/login",status_code="200"',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(String(id));
    expect(text).not.toContain('demo.portal');
    expect(text).not.toMatch(/@|%40/);
  });

  it('reports the pending tasks of the job queue', async () => {
    const pendingInDb = async () =>
      (
        await t.app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(filaTarefas)
          .where(sql`${filaTarefas.concluidaEm} is null`)
      )[0]!.n;
    const before = await pendingInDb();
    expect(sample(await scrape(), 'portal_job_queue_pending')).toBe(before);
    for (let i = 0; i < 3; i++)
      await enqueue(t.app.db, 'metricas-teste', { i }, new Date(Date.now() + 3_600_000));
    expect(sample(await scrape(), 'portal_job_queue_pending')).toBe(before + 3);
  });

  it('counts failed attempts and given-up tasks by task kind', async () => {
    const kind = 'tipo-sem-tratador';
    const labels = `tipo="${kind}"`;
    const text = await scrape();
    const failedBefore = sample(text, 'portal_job_attempts_failed_total', labels) ?? 0;
    const givenUpBefore = sample(text, 'portal_jobs_given_up_total', labels) ?? 0;

    await enqueue(t.app.db, kind, {});
    expect((await runDueTasks(t.app.db, {})).failed).toBe(1);
    let after = await scrape();
    expect(sample(after, 'portal_job_attempts_failed_total', labels)).toBe(failedBefore + 1);
    expect(sample(after, 'portal_jobs_given_up_total', labels) ?? 0).toBe(givenUpBefore);

    // Its last attempt: due now, one attempt short of the limit.
    await t.app.db.execute(
      sql`update ${filaTarefas} set tentativas = ${MAX_ATTEMPTS - 1}, executar_em = now() where tipo = ${kind}`,
    );
    expect((await runDueTasks(t.app.db, {})).failed).toBe(1);
    after = await scrape();
    expect(sample(after, 'portal_job_attempts_failed_total', labels)).toBe(failedBefore + 2);
    expect(sample(after, 'portal_jobs_given_up_total', labels)).toBe(givenUpBefore + 1);
  });

  it('reports the database connections: total, idle and waiting', async () => {
    const text = await scrape();
    expect(sample(text, 'portal_db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_db_pool_connections', 'state="idle"')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'portal_db_pool_connections', 'state="waiting"')).toBe(0);
  });
});
