import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, filaTarefas } from '../../src/db/schema.ts';
import { enqueue, MAX_ATTEMPTS } from '../../src/jobs/queue.ts';
import { RECOVERY_MAIL } from '../../src/modules/auth/recovery-mail.ts';
import { IMPORT_BASE } from '../../src/modules/conciliacao/repo.ts';
import { EXPORT_TASK } from '../../src/modules/exportacoes/repo.ts';
import { STATUS_MAIL } from '../../src/modules/notificacoes/status-mail.ts';
import {
  DISCARDED,
  NOT_FAILED,
  NOT_GIVEN_UP,
  REQUEUED,
  TASK_NOT_FOUND,
} from '../../src/modules/admin/tarefas/routes.ts';
import { bearer, createTestApp, login, runQueue, type TestApp } from '../support/test-app.ts';
import { taskById, tasksOf } from './support.ts';

/**
 * Issue 16, the dead-letter view: administrators list the queue's failed tasks, run a given-up one
 * again or discard it; nobody else reaches any of it, and what it shows carries no secret.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['admin', 'celula', 'regional', 'amee', 'tower', 'property', 'solicitante', 'consulta'];
const NON_ADMINS = USERS.filter((u) => u !== 'admin');

beforeAll(async () => {
  t = await createTestApp();
  for (const who of USERS) tokens[who] = await login(t.app, `${who}@demo.portal`);
}, 180_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: string | null = 'admin') =>
  t.app.inject({ method, url, headers: who ? bearer(tokens[who]!) : {} });

/** A task in a given state, written as the queue leaves it. */
async function seed(
  state: 'desistida' | 'tentando' | 'concluida' | 'pendente',
  dados: unknown = { para: 'maria.souza@empresa.com.br', numero: 7 },
  tipo = STATUS_MAIL,
): Promise<number> {
  await enqueue(t.app.db, tipo, dados);
  const [row] = await t.app.db
    .select({ id: filaTarefas.id })
    .from(filaTarefas)
    .orderBy(sql`id desc`)
    .limit(1);
  const id = row!.id;
  const values = {
    desistida: {
      tentativas: MAX_ATTEMPTS,
      ultimoErro: 'Desistência após 6 tentativas: connect ECONNREFUSED',
      concluidaEm: sql`now()`,
    },
    tentando: {
      tentativas: 2,
      ultimoErro: 'connect ECONNREFUSED',
      executarEm: sql`now() + interval '1 minute'`,
    },
    concluida: { tentativas: 1, concluidaEm: sql`now()` },
    pendente: { executarEm: sql`now() + interval '1 hour'` },
  }[state];
  await t.app.db.update(filaTarefas).set(values).where(eq(filaTarefas.id, id));
  return id;
}

describe('GET /api/admin/tarefas', () => {
  it('lists the failed tasks (given up and retrying), newest first, in Portuguese, with paging', async () => {
    const givenUp = await seed('desistida');
    const retrying = await seed('tentando', { para: 'jo@regional.com.br', numero: 8 });
    const done = await seed('concluida');
    const pending = await seed('pendente');
    const res = await call('GET', '/api/admin/tarefas?situacao=falhas&per_page=10');
    expect(res.statusCode, res.body).toBe(200);
    const { total, dados } = res.json();
    const ids = dados.map((r: { id: number }) => r.id);
    expect(ids).toEqual([retrying, givenUp]);
    expect(total).toBe(2);
    expect(ids).not.toContain(done);
    expect(ids).not.toContain(pending);
    expect(dados[1]).toMatchObject({
      tipo: STATUS_MAIL,
      tipo_label: 'E-mail de mudança de status',
      situacao: 'desistida',
      tentativas: MAX_ATTEMPTS,
      max_tentativas: MAX_ATTEMPTS,
      ultimo_erro: 'Desistência após 6 tentativas: connect ECONNREFUSED',
      descricao: 'Solicitação nº 7 · para ma***@empresa.com.br',
      proxima_execucao: null,
    });
    expect(dados[0]).toMatchObject({
      situacao: 'tentando',
      descricao: 'Solicitação nº 8 · para j***@regional.com.br',
    });
    expect(Date.parse(dados[0].proxima_execucao)).toBeGreaterThan(Date.now());

    const desistidas = (await call('GET', '/api/admin/tarefas?situacao=desistidas')).json();
    expect(desistidas.dados.map((r: { id: number }) => r.id)).toEqual([givenUp]);
    const tentando = (await call('GET', '/api/admin/tarefas?situacao=tentando')).json();
    expect(tentando.dados.map((r: { id: number }) => r.id)).toEqual([retrying]);
    const page2 = (await call('GET', '/api/admin/tarefas?per_page=10&page=2')).json();
    expect(page2).toEqual({ error: 0, total: 2, dados: [] });
  });

  it('a given-up recovery e-mail shows its masked recipient, never the link, the token or the raw data', async () => {
    // From an empty queue: the tests below count the failures.
    await t.app.db.delete(filaTarefas);
    await t.app.inject({
      method: 'POST',
      url: '/api/lost-password',
      payload: { email: 'tower@demo.portal' },
    });
    const [task] = await tasksOf(t.app, RECOVERY_MAIL);
    await t.app.db
      .update(filaTarefas)
      .set({
        tentativas: MAX_ATTEMPTS,
        ultimoErro: 'Desistência após 6 tentativas: 421 try later',
        concluidaEm: sql`now()`,
      })
      .where(eq(filaTarefas.id, task!.id));
    const res = await call('GET', '/api/admin/tarefas');
    const [row] = res.json().dados;
    expect(row).toMatchObject({
      id: task!.id,
      tipo_label: 'E-mail de recuperação de senha',
      descricao: 'Link de senha · para to***@demo.portal',
    });
    expect(res.body).not.toMatch(/recuperar-senha|tower@demo\.portal|"reset"|token/i);
  });

  it('a failed import or export shows its kind and its number, nothing else of its data', async () => {
    const importTask = await seed('desistida', { importacao: 41, ip: '10.1.2.3' }, IMPORT_BASE);
    const exportTask = await seed('tentando', { id: 42 }, EXPORT_TASK);
    const res = await call('GET', '/api/admin/tarefas?situacao=falhas');
    expect(res.statusCode).toBe(200);
    const rows = res.json().dados as { id: number; tipo_label: string; descricao: string }[];
    expect(rows.find((r) => r.id === importTask)).toMatchObject({
      tipo_label: 'Importação da base do provedor',
      descricao: 'Importação nº 41',
    });
    expect(rows.find((r) => r.id === exportTask)).toMatchObject({
      tipo_label: 'Exportação de lista',
      descricao: 'Exportação nº 42',
    });
    expect(res.body).not.toContain('10.1.2.3');
    await t.app.db.delete(filaTarefas).where(inArray(filaTarefas.id, [importTask, exportTask]));
  });

  it('refuses an unknown situação, a page of the wrong type and an unlisted page size with 4xx naming them', async () => {
    for (const [query, campo] of [
      ['situacao=todas', 'situacao'],
      ['page=abc', 'page'],
      ['per_page=7', 'per_page'],
      ['page=0', 'page'],
    ]) {
      const res = await call('GET', `/api/admin/tarefas?${query}`);
      expect([400, 422], `${query}: ${res.body}`).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ error: 1, campo });
    }
  });
});

describe('POST /api/admin/tarefas/:id/reexecutar', () => {
  it('puts a given-up task back, due now with its attempts reset; it leaves the failures and is sent', async () => {
    const [task] = await tasksOf(t.app, RECOVERY_MAIL);
    const sent = t.mails.length;
    const res = await call('POST', `/api/admin/tarefas/${task!.id}/reexecutar`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ error: 0, msg: REQUEUED });
    const after = await taskById(t.app, task!.id);
    expect(after).toMatchObject({ tentativas: 0, ultimoErro: null, concluidaEm: null });
    expect(after!.executarEm.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await call('GET', '/api/admin/tarefas')).json().total).toBe(0);
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.acao, 'reexecutar-tarefa'));
    expect(audit).toMatchObject({ entidade: 'tarefa', entidadeId: String(task!.id) });

    await runQueue(t.app);
    expect(t.mails).toHaveLength(sent + 1);
    expect(t.mails.at(-1)).toMatchObject({ to: 'tower@demo.portal' });
  });

  it('refuses with a Portuguese 409 a task still retrying, one done and one never failed; 404 a forged id', async () => {
    for (const state of ['tentando', 'concluida', 'pendente'] as const) {
      const id = await seed(state);
      const before = await taskById(t.app, id);
      const res = await call('POST', `/api/admin/tarefas/${id}/reexecutar`);
      expect(res.statusCode, state).toBe(409);
      expect(res.json()).toEqual({ error: 1, msg: NOT_GIVEN_UP });
      expect(await taskById(t.app, id)).toEqual(before);
    }
    const forged = await call('POST', '/api/admin/tarefas/999999999/reexecutar');
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual({ error: 1, msg: TASK_NOT_FOUND });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await call('POST', `/api/admin/tarefas/${bad}/reexecutar`);
      expect([400, 422], bad).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ error: 1, campo: 'id' });
    }
  });

  it('two administrators requeueing the same task at once queue it once', async () => {
    const id = await seed('desistida');
    const answers = await Promise.all([
      call('POST', `/api/admin/tarefas/${id}/reexecutar`),
      call('POST', `/api/admin/tarefas/${id}/reexecutar`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('DELETE /api/admin/tarefas/:id', () => {
  it('discards a given-up or retrying task; refuses one that never failed (409) and an unknown id (404)', async () => {
    for (const state of ['desistida', 'tentando'] as const) {
      const id = await seed(state);
      const res = await call('DELETE', `/api/admin/tarefas/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ error: 0, msg: DISCARDED });
      expect(await taskById(t.app, id)).toBeUndefined();
    }
    const pending = await seed('pendente');
    const refused = await call('DELETE', `/api/admin/tarefas/${pending}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 1, msg: NOT_FAILED });
    expect(await taskById(t.app, pending)).toBeDefined();
    expect((await call('DELETE', '/api/admin/tarefas/999999999')).statusCode).toBe(404);
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.acao, 'descartar-tarefa'));
    expect(audits).toHaveLength(2);
  });
});

describe('only administrators', () => {
  it('every other role gets 403 on each call, and the task stays as it was', async () => {
    const id = await seed('desistida');
    const before = await taskById(t.app, id);
    for (const who of NON_ADMINS) {
      for (const [method, url] of [
        ['GET', '/api/admin/tarefas'],
        ['POST', `/api/admin/tarefas/${id}/reexecutar`],
        ['DELETE', `/api/admin/tarefas/${id}`],
      ] as const) {
        const res = await call(method, url, who);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.body).not.toContain('ECONNREFUSED');
      }
    }
    expect(await taskById(t.app, id)).toEqual(before);
  });

  it('a signed-out client gets 401 on each call, before any id is read', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/tarefas?situacao=xx'],
      ['POST', '/api/admin/tarefas/abc/reexecutar'],
      ['DELETE', '/api/admin/tarefas/1'],
    ] as const) {
      expect((await call(method, url, null)).statusCode, url).toBe(401);
    }
  });

  it('a non-administrator learns nothing from a malformed id or query (403, not 400)', async () => {
    expect((await call('POST', '/api/admin/tarefas/abc/reexecutar', 'celula')).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/tarefas?situacao=xx', 'consulta')).statusCode).toBe(403);
  });
});
