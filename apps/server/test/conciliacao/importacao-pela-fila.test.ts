import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCnpjForUf } from '@portal/domain';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';
import { auditLog, baseProvedor, filaTarefas, importacoesBase, usuarios } from '../../src/db/schema.ts';
import { enqueue, MAX_ATTEMPTS, registerQueueWorker, ShutdownInterruption } from '../../src/jobs/queue.ts';
import { taskHandlers } from '../../src/jobs/tasks.ts';
import {
  GAVE_UP,
  importBaseHandler,
  INTERRUPTED,
  LEFT_THE_QUEUE,
  retryNote,
  SENDER_INACTIVE,
  SENDER_NOT_ALLOWED,
} from '../../src/modules/conciliacao/import-task.ts';
import { IMPORT_BASE } from '../../src/modules/conciliacao/repo.ts';
import { QUEUED } from '../../src/modules/conciliacao/routes.ts';
import { makeDue, tasksOf } from '../fila-tarefas/support.ts';
import { bearer, createTestApp, loginDemo, runQueue, type TestApp } from '../support/test-app.ts';
import { listedRun, storedKeys, uploadBase } from './support.ts';

/**
 * Issue 16, imports through the job queue: POST /conciliacao/importar keeps the file and queues
 * its run at once; the queue applies it as the user who sent it, once, in the order the flow's
 * files came, retrying what the database or the storage failed and never what the file did.
 */
let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemo(t.app, ['amee', 'celula', 'regional', 'solicitante', 'consulta']);
});
afterAll(() => t.close());

const SP = clientCnpjForUf('SP')!;
const HEADER = 'UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n');
const row = (uc: string, rz = CLIENT_COMPANY_NAME, concessionaria = 'ENEL SP') =>
  `${uc};${concessionaria};${rz};${SP};SP`;

/** Sends a file and answers its run's id, checking it was queued and nothing else happened yet. */
async function queued(content: string, who = 'amee', fluxo = 'energia') {
  const res = await uploadBase(t.app, tokens[who]!, content, { fluxo });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ error: 0, msg: QUEUED, dados: { situacao: 'na-fila' } });
  return res.json().dados.id as number;
}
const runRow = async (id: number) =>
  (await t.app.db.select().from(importacoesBase).where(eq(importacoesBase.id, id)))[0]!;
const baseRow = async (uc: string) =>
  (await t.app.db.select().from(baseProvedor).where(eq(baseProvedor.uc, uc)))[0];
/** The import tasks not concluded, oldest first. */
const pendingTasks = async () => (await tasksOf(t.app, IMPORT_BASE)).filter((task) => !task.concluidaEm);
const taskOfRun = async (id: number) =>
  (await pendingTasks()).find((task) => (task.dados as { importacao: number }).importacao === id)!;
const postpone = (taskId: number) =>
  t.app.db
    .update(filaTarefas)
    .set({ executarEm: sql`now() + interval '1 hour'` })
    .where(eq(filaTarefas.id, taskId));
/** Runs the queue, each wait skipped, until no import task is left. */
async function drainQueue() {
  for (let round = 0; round < 20 && (await pendingTasks()).length; round++) {
    await makeDue(
      t.app,
      (await pendingTasks()).map((task) => task.id),
    );
    await runQueue(t.app);
  }
  expect(await pendingTasks()).toEqual([]);
}

describe('the upload is kept and queued at once', () => {
  it('answers the queued run, lists it, and keeps only the run id and address in the task', async () => {
    const id = await queued(csv(row('FILA-1')));
    expect(await listedRun(t.app, tokens.celula!, id)).toMatchObject({
      situacao: 'na-fila',
      nome_arquivo: 'base.csv',
      linhas_lidas: 0,
      concluida_em: null,
    });
    expect(await baseRow('FILA-1')).toBeUndefined();
    const { arquivoKey } = await runRow(id);
    expect(await storedKeys(t.app)).toContain(arquivoKey);
    expect((await taskOfRun(id)).dados).toEqual({ importacao: id, ip: '127.0.0.1' });
  });

  it('the queue applies it as the sender, audited with the address, and removes the upload', async () => {
    const id = (await pendingTasks())[0]!.dados as { importacao: number };
    const { arquivoKey } = await runRow(id.importacao);
    expect(await runQueue(t.app)).toEqual({ claimed: 1, failed: 0 });
    expect(await listedRun(t.app, tokens.amee!, id.importacao)).toMatchObject({
      situacao: 'aplicada',
      linhas_aceitas: 1,
      erro: null,
    });
    expect(await baseRow('FILA-1')).toMatchObject({ idImportacao: id.importacao });
    expect((await runRow(id.importacao)).arquivoKey).toBeNull();
    expect(await storedKeys(t.app)).not.toContain(arquivoKey);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'importar-base'), eq(auditLog.entidadeId, String(id.importacao))));
    expect(audit).toMatchObject([{ ip: '127.0.0.1' }]);
  });

  it('a task run a second time for an applied run changes nothing', async () => {
    const id = await queued(csv(row('FILA-2')));
    await runQueue(t.app);
    const applied = await runRow(id);
    await enqueue(t.app.db, IMPORT_BASE, { importacao: id, ip: '127.0.0.1' });
    expect(await runQueue(t.app)).toEqual({ claimed: 1, failed: 0 });
    expect(await runRow(id)).toEqual(applied);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'importar-base'), eq(auditLog.entidadeId, String(id))));
    expect(audits).toHaveLength(1);
  });

  it('a run a worker left half-way (its process gone) is applied again from the start', async () => {
    const id = await queued(csv(row('FILA-3')));
    await t.app.db.update(importacoesBase).set({ situacao: 'aplicando' }).where(eq(importacoesBase.id, id));
    await t.app.db
      .execute(sql`insert into base_provedor_carga (id_importacao, linha, uc, rz_social, concessionaria, ativa)
      values (${id}, 99, 'FANTASMA-1', 'X', 'Enel Distribuição São Paulo', true)`);
    await runQueue(t.app);
    expect(await runRow(id)).toMatchObject({ situacao: 'aplicada', linhasLidas: 1 });
    expect(await baseRow('FILA-3')).toBeDefined();
    expect(await baseRow('FANTASMA-1')).toBeUndefined();
  });
});

describe('what the file or the sender decides is final: no retry', () => {
  it('an invalid file ends its run failed, the task done, the upload removed', async () => {
    const id = await queued(`${HEADER}\r\n"FILA-4;ENEL SP;x;y;SP\r\n`);
    const { arquivoKey } = await runRow(id);
    expect(await runQueue(t.app)).toEqual({ claimed: 1, failed: 0 });
    expect(await runRow(id)).toMatchObject({ situacao: 'falhou', erro: expect.stringMatching(/aspas/) });
    expect(await pendingTasks()).toEqual([]);
    expect(await storedKeys(t.app)).not.toContain(arquivoKey);
  });

  const celula = async () =>
    (await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'celula@demo.portal')))[0]!;
  const changes: [string, Partial<typeof usuarios.$inferInsert>, string][] = [
    ['deactivated', { ativo: false }, SENDER_INACTIVE],
    ['moved to the read-only profile', { idPerfil: 3 }, SENDER_NOT_ALLOWED],
  ];
  for (const [what, change, message] of changes) {
    it(`a sender ${what} before the queue ran it: nothing applied, the run says why`, async () => {
      const id = await queued(csv(row('FILA-5')), 'celula');
      const before = await celula();
      await t.app.db.update(usuarios).set(change).where(eq(usuarios.id, before.id));
      try {
        expect(await runQueue(t.app)).toEqual({ claimed: 1, failed: 0 });
      } finally {
        await t.app.db
          .update(usuarios)
          .set({ ativo: before.ativo, idPerfil: before.idPerfil })
          .where(eq(usuarios.id, before.id));
      }
      expect(await runRow(id)).toMatchObject({ situacao: 'falhou', erro: message, arquivoKey: null });
      expect(await baseRow('FILA-5')).toBeUndefined();
    });
  }
});

describe('what the database or the storage fails is tried again', () => {
  it('a database fault puts the run back in the queue with a note, its stage and rejected rows cleared; the next attempt applies it', async () => {
    const id = await queued(csv(row('FILA-6'), 'FILA-7;Luz do Norte;x;y;SP'));
    const { arquivoKey } = await runRow(id);
    const db = t.app.db;
    const transaction = db.transaction;
    db.transaction = (() => Promise.reject(new Error('Connection terminated unexpectedly'))) as never;
    try {
      expect(await runQueue(t.app)).toEqual({ claimed: 1, failed: 1 });
    } finally {
      db.transaction = transaction;
    }
    expect(await runRow(id)).toMatchObject({
      situacao: 'na-fila',
      erro: retryNote(1),
      linhasLidas: 0,
      rejeitadasKey: null,
    });
    expect(retryNote(1)).toBe('Tentativa 1 falhou; o portal tenta de novo em 30 s.');
    const staged = (await db.execute(
      sql`select count(*)::int as n from base_provedor_carga where id_importacao = ${id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(staged.rows[0]!.n).toBe(0);
    expect(await storedKeys(t.app)).toEqual([arquivoKey].sort());
    expect(await baseRow('FILA-6')).toBeUndefined();

    await drainQueue();
    expect(await runRow(id)).toMatchObject({ situacao: 'aplicada', erro: null, linhasRejeitadas: 1 });
  });

  it('a storage failing half-way through a spreadsheet is retried, not taken for a broken spreadsheet', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Base');
    sheet.addRow(HEADER.split(';'));
    for (let i = 0; i < 2000; i++) sheet.addRow(row(`FILA-X${i}`).split(';'));
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const res = await uploadBase(t.app, tokens.amee!, xlsx, { filename: 'base.xlsx' });
    const id = res.json().dados.id as number;
    const storage = t.app.storage;
    const read = storage.read;
    storage.read = (key) => {
      const stream = read(key);
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > xlsx.length / 2) stream.destroy(new Error('socket hang up'));
      });
      return stream;
    };
    try {
      expect(await runQueue(t.app)).toEqual({ claimed: 1, failed: 1 });
    } finally {
      storage.read = read;
    }
    expect(await runRow(id)).toMatchObject({ situacao: 'na-fila', erro: retryNote(1) });
    await drainQueue();
    expect(await runRow(id)).toMatchObject({ situacao: 'aplicada', linhasAceitas: 2000 });
  });

  it(`an upload the storage lost is tried ${MAX_ATTEMPTS} times, then the run fails and the task is given up`, async () => {
    const id = await queued(csv(row('FILA-8')));
    await t.app.storage.remove((await runRow(id)).arquivoKey!);
    const task = await taskOfRun(id);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await makeDue(t.app, [task.id]);
      expect(await runQueue(t.app)).toEqual({ claimed: 1, failed: 1 });
      if (attempt < MAX_ATTEMPTS) {
        expect(await runRow(id)).toMatchObject({ situacao: 'na-fila', erro: retryNote(attempt) });
      }
    }
    expect(await runRow(id)).toMatchObject({ situacao: 'falhou', erro: GAVE_UP, arquivoKey: null });
    const [given] = await t.app.db.select().from(filaTarefas).where(eq(filaTarefas.id, task.id));
    expect(given).toMatchObject({ tentativas: MAX_ATTEMPTS, concluidaEm: expect.any(Date) });
    expect(given!.ultimoErro).toMatch(/^Desistência após 6 tentativas/);
    expect(retryNote(2)).toBe('Tentativa 2 falhou; o portal tenta de novo em 1 min.');
  });

  it('a shutdown stops the import between batches and puts the run back in the queue', async () => {
    const id = await queued(csv(row('FILA-9')));
    const task = await taskOfRun(id);
    const stopping = new ShutdownInterruption();
    const handler = importBaseHandler({ db: t.app.db, storage: t.app.storage, log: t.app.log });
    await expect(
      handler(task.dados, {
        id: task.id,
        tipo: IMPORT_BASE,
        dados: task.dados,
        tentativas: 1,
        signal: AbortSignal.abort(stopping),
      }),
    ).rejects.toBe(stopping);
    expect(await runRow(id)).toMatchObject({ situacao: 'na-fila', erro: INTERRUPTED });
    expect(await baseRow('FILA-9')).toBeUndefined();
    await drainQueue();
    expect(await runRow(id)).toMatchObject({ situacao: 'aplicada' });
  });

  it('a last attempt stopped by its time (not by a shutdown) ends the run failed, not back in the queue', async () => {
    const id = await queued(csv(row('FILA-10')));
    const task = await taskOfRun(id);
    const timedOut = new Error('a tarefa passou de 900 s');
    const handler = importBaseHandler({ db: t.app.db, storage: t.app.storage, log: t.app.log });
    await expect(
      handler(task.dados, {
        id: task.id,
        tipo: IMPORT_BASE,
        dados: task.dados,
        tentativas: MAX_ATTEMPTS,
        signal: AbortSignal.abort(timedOut),
      }),
    ).rejects.toBe(timedOut);
    expect(await runRow(id)).toMatchObject({ situacao: 'falhou', erro: GAVE_UP, arquivoKey: null });
    expect(await baseRow('FILA-10')).toBeUndefined();
  });
});

describe('the imports of a flow apply one at a time, in the order they came', () => {
  it('a second file sent while the first waits is queued too; both apply, the second last', async () => {
    const first = await queued(csv(row('ORDEM-1', 'Primeira Razão S.A.')));
    const second = await queued(csv(row('ORDEM-1')));
    await drainQueue();
    const [a, b] = [await runRow(first), await runRow(second)];
    expect([a.situacao, b.situacao]).toEqual(['aplicada', 'aplicada']);
    expect(a.concluidaEm!.getTime()).toBeLessThanOrEqual(b.concluidaEm!.getTime());
    expect(await baseRow('ORDEM-1')).toMatchObject({ rzSocial: CLIENT_COMPANY_NAME, idImportacao: second });
  });

  it('the later file, when its task comes first, waits for the earlier one instead of applying', async () => {
    const first = await queued(csv(row('ORDEM-2', 'Primeira Razão S.A.')));
    const second = await queued(csv(row('ORDEM-2')));
    const firstTask = await taskOfRun(first);
    await postpone(firstTask.id);
    expect(await runQueue(t.app)).toEqual({ claimed: 1, failed: 0 });
    expect(await runRow(second)).toMatchObject({ situacao: 'na-fila' });
    expect(await baseRow('ORDEM-2')).toBeUndefined();
    // Its turn is asked again later, by a new task.
    expect((await pendingTasks()).map((task) => (task.dados as { importacao: number }).importacao)).toEqual([
      first,
      second,
    ]);
    await drainQueue();
    expect(await baseRow('ORDEM-2')).toMatchObject({ rzSocial: CLIENT_COMPANY_NAME, idImportacao: second });
  });

  it('another flow does not wait', async () => {
    const energy = await queued(csv(row('ORDEM-3')));
    await postpone((await taskOfRun(energy)).id);
    const water = await queued(csv(row('ORDEM-AGUA-1', CLIENT_COMPANY_NAME, 'SABESP')), 'amee', 'agua');
    await runQueue(t.app);
    expect(await runRow(water)).toMatchObject({ situacao: 'aplicada', linhasAceitas: 1 });
    expect(await runRow(energy)).toMatchObject({ situacao: 'na-fila' });
    await drainQueue();
  });

  it('an earlier run whose task is gone holds nothing up: it is ended failed and its upload removed', async () => {
    const first = await queued(csv(row('ORDEM-4', 'Primeira Razão S.A.')));
    const second = await queued(csv(row('ORDEM-4')));
    const { arquivoKey } = await runRow(first);
    await t.app.db.delete(filaTarefas).where(eq(filaTarefas.id, (await taskOfRun(first)).id));
    await runQueue(t.app);
    expect(await runRow(first)).toMatchObject({ situacao: 'falhou', erro: LEFT_THE_QUEUE, arquivoKey: null });
    expect(await storedKeys(t.app)).not.toContain(arquivoKey);
    expect(await runRow(second)).toMatchObject({ situacao: 'aplicada' });
  });
});

describe('hostile calls around the runs', () => {
  it('no group without the screen, and not the read-only profile, imports, lists runs or reads rejected rows', async () => {
    const id = await queued(csv(row('HOSTIL-FILA-1'), 'HOSTIL-FILA-2;Luz do Norte;x;y;SP'));
    await runQueue(t.app);
    const { rejeitadas_url } = (await listedRun(t.app, tokens.amee!, id))!;
    for (const who of ['regional', 'solicitante', 'consulta']) {
      const headers = bearer(tokens[who]!);
      const list = await t.app.inject({
        method: 'POST',
        url: '/api/conciliacao/importacoes',
        payload: {},
        headers,
      });
      const rejected = await t.app.inject({ method: 'GET', url: rejeitadas_url!, headers });
      const sent = await uploadBase(t.app, tokens[who]!, csv(row('HOSTIL-FILA-3')));
      expect([list.statusCode, rejected.statusCode, sent.statusCode], who).toEqual([403, 403, 403]);
    }
    expect(await baseRow('HOSTIL-FILA-3')).toBeUndefined();
  });

  it('forged run ids are answered 4xx in Portuguese, never 500', async () => {
    for (const id of ['0', '-1', 'abc', '1e3', '2147483648', '99999999999999999999', '999999']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/conciliacao/importacoes/${id}/rejeitadas`,
        headers: bearer(tokens.amee!),
      });
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
      expect(res.json().msg, id).toEqual(expect.any(String));
    }
  });

  it('a task naming a run that does not exist is done with nothing changed', async () => {
    const runs = (await t.app.db.execute(
      sql`select count(*)::int as n from importacoes_base`,
    )) as unknown as {
      rows: { n: number }[];
    };
    await enqueue(t.app.db, IMPORT_BASE, { importacao: 2_000_000_000, ip: '127.0.0.1' });
    expect(await runQueue(t.app)).toEqual({ claimed: 1, failed: 0 });
    const after = (await t.app.db.execute(
      sql`select count(*)::int as n from importacoes_base`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(after.rows[0]!.n).toBe(runs.rows[0]!.n);
  });
});

describe('with a worker running, as a started server has', () => {
  let served: TestApp;
  beforeAll(async () => {
    // A poll far away: only the route's wake() can have the import claimed within the test.
    served = await createTestApp({}, (app) => registerQueueWorker(app, taskHandlers(app), 60 * 60_000));
  });
  afterAll(() => served?.close());

  it('the import is claimed as soon as it is queued and applied without anyone waiting on the answer', async () => {
    const [token] = Object.values(await loginDemo(served.app, ['amee']));
    const res = await uploadBase(served.app, token!, csv(row('DESPERTA-1')));
    expect(res.json().dados.situacao).toBe('na-fila');
    await expect
      .poll(async () => (await listedRun(served.app, token!, res.json().dados.id))?.situacao, {
        timeout: 15_000,
      })
      .toBe('aplicada');
  });
});
