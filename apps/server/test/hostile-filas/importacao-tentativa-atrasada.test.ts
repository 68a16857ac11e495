import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientCnpjForUf } from '@portal/domain';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';
import { baseProvedor, importacoesBase } from '../../src/db/schema.ts';
import { importBaseHandler } from '../../src/modules/conciliacao/import-task.ts';
import { IMPORT_BASE } from '../../src/modules/conciliacao/repo.ts';
import { tasksOf } from '../fila-tarefas/support.ts';
import { createTestApp, loginDemo, runQueue, type TestApp } from '../support/test-app.ts';
import { storedKeys, uploadBase } from '../conciliacao/support.ts';

/**
 * Hostile review of issue 16: an attempt the queue let go of at its time limit (its handler
 * stalled on a storage read, so it had not yet seen its signal) that wakes after the retry applied
 * the run must not undo what the retry recorded.
 */
let t: TestApp;
let tokens: Record<string, string>;
const SP = clientCnpjForUf('SP')!;
const HEADER = 'UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF';

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemo(t.app, ['amee']);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const runRow = async (id: number) =>
  (await t.app.db.select().from(importacoesBase).where(eq(importacoesBase.id, id)))[0]!;

describe('an attempt let go of at its time limit, waking after the retry', () => {
  it('leaves the applied run applied, with its rejected rows, and a later run of the task changes nothing', async () => {
    const file = [
      HEADER,
      `ATRASO-1;ENEL SP;${CLIENT_COMPANY_NAME};${SP};SP`,
      'ATRASO-2;Luz do Norte;x;y;SP',
    ].join('\r\n');
    const res = await uploadBase(t.app, tokens.amee!, file);
    const id = res.json().dados.id as number;
    const [task] = (await tasksOf(t.app, IMPORT_BASE)).filter(
      (task) => (task.dados as { importacao: number }).importacao === id,
    );
    const handler = importBaseHandler({ db: t.app.db, storage: t.app.storage, log: t.app.log });

    // The first attempt's read of the upload stalls before its end…
    const read = t.app.storage.read.bind(t.app.storage);
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    let stalling!: () => void;
    const stalls = new Promise<void>((resolve) => (stalling = resolve));
    vi.spyOn(t.app.storage, 'read').mockImplementationOnce((key) =>
      Readable.from(
        (async function* () {
          yield* read(key);
          stalling();
          await woken;
        })(),
      ),
    );
    const timeLimit = new AbortController();
    const stalled = handler(task!.dados, { ...task!, tentativas: 1, signal: timeLimit.signal });
    // Its outcome is read at the end; until then it must not count as unhandled.
    const outcome = stalled.then(
      () => undefined,
      (err: unknown) => err,
    );
    // …its time runs out once it is stalled, and the queue's retry applies the run.
    await stalls;
    timeLimit.abort(new Error('a tarefa passou de 900 s'));
    await handler(task!.dados, { ...task!, tentativas: 2, signal: new AbortController().signal });
    const applied = await runRow(id);
    expect(applied).toMatchObject({ situacao: 'aplicada', linhasAceitas: 1, linhasRejeitadas: 1 });
    const keys = await storedKeys(t.app);

    wake();
    expect(await outcome).toMatchObject({ message: 'a tarefa passou de 900 s' });
    expect(await runRow(id)).toEqual(applied);
    expect(await storedKeys(t.app)).toEqual(keys);
    const [unit] = await t.app.db.select().from(baseProvedor).where(eq(baseProvedor.uc, 'ATRASO-1'));
    expect(unit).toMatchObject({ idImportacao: id });

    // The queue runs the task again later (the handlers above were called apart from it): nothing to do.
    expect(await runQueue(t.app)).toEqual({ claimed: 1, failed: 0 });
    expect(await runRow(id)).toEqual(applied);
  });
});
