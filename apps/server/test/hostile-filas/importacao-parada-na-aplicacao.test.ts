import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientCnpjForUf } from '@portal/domain';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';
import { importacoesBase } from '../../src/db/schema.ts';
import { ShutdownInterruption } from '../../src/jobs/queue.ts';
import { importBaseHandler, INTERRUPTED } from '../../src/modules/conciliacao/import-task.ts';
import { IMPORT_BASE } from '../../src/modules/conciliacao/repo.ts';
import { tasksOf } from '../fila-tarefas/support.ts';
import { createTestApp, loginDemo, runQueue, type TestApp } from '../support/test-app.ts';
import { uploadBase } from '../conciliacao/support.ts';

/**
 * Hostile review of issue 16: a shutdown that comes while the staged rows are being applied (the
 * one transaction that changes the base) leaves the base and the regularizations as they were,
 * and the run back in the queue; its next attempt applies the whole file.
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

const footprint = async () =>
  (
    (await t.app.db.execute(
      sql`select (select md5(coalesce(string_agg(b::text, '|' order by b.id), '')) from base_provedor b) as base,
                 (select md5(coalesce(string_agg(r::text, '|' order by r.id), '')) from regularizacoes r) as regularizacoes`,
    )) as unknown as { rows: unknown[] }
  ).rows[0];

describe('a shutdown during the apply', () => {
  it('rolls the base back, puts the run back in the queue, and the next attempt applies every row', async () => {
    // More units than one judging step (2,000), half of them divergent, so the apply has several steps.
    const rows = Array.from({ length: 2500 }, (_, i) =>
      i % 2
        ? `APLICA-${i};ENEL SP;${CLIENT_COMPANY_NAME};${SP};SP`
        : `APLICA-${i};ENEL SP;Outra Razão S.A.;${SP};SP`,
    );
    const res = await uploadBase(t.app, tokens.amee!, [HEADER, ...rows].join('\r\n'));
    const id = res.json().dados.id as number;
    const [task] = (await tasksOf(t.app, IMPORT_BASE)).filter(
      (task) => (task.dados as { importacao: number }).importacao === id,
    );
    const before = await footprint();

    // The server starts shutting down as the apply's transaction opens.
    const shutdown = new AbortController();
    const stopping = new ShutdownInterruption();
    const transaction = t.app.db.transaction.bind(t.app.db);
    vi.spyOn(t.app.db, 'transaction').mockImplementationOnce(((work: never) => {
      shutdown.abort(stopping);
      return transaction(work);
    }) as never);
    const handler = importBaseHandler({ db: t.app.db, storage: t.app.storage, log: t.app.log });
    await expect(handler(task!.dados, { ...task!, tentativas: 1, signal: shutdown.signal })).rejects.toBe(
      stopping,
    );

    expect(await footprint()).toEqual(before);
    const [run] = await t.app.db.select().from(importacoesBase).where(eq(importacoesBase.id, id));
    expect(run).toMatchObject({ situacao: 'na-fila', erro: INTERRUPTED, rejeitadasKey: null });
    const staged = (await t.app.db.execute(
      sql`select count(*)::int as n from base_provedor_carga where id_importacao = ${id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(staged.rows[0]!.n).toBe(0);

    await runQueue(t.app);
    const [applied] = await t.app.db.select().from(importacoesBase).where(eq(importacoesBase.id, id));
    expect(applied).toMatchObject({ situacao: 'aplicada', linhasAceitas: 2500, divergenciasAbertas: 1250 });
    // Two imports of 2,500 rows on the embedded database: 32 s on a CI box busy with the PostgreSQL run.
  }, 120_000);
});
