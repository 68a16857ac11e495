import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EXPORTS_UNDER_WAY } from '@portal/domain/contracts/exports';
import { exportacoes, usuarios } from '../../src/db/schema.ts';
import { enqueue, runDueTasks } from '../../src/jobs/queue.ts';
import { taskHandlers } from '../../src/jobs/tasks.ts';
import { EXPORT_TASK, TOO_MANY_UNDER_WAY } from '../../src/modules/exportacoes/repo.ts';
import { insertSyntheticRequests } from '../support/synthetic-requests.ts';
import { createTestApp, loginDemo, type TestApp } from '../support/test-app.ts';
import { askExport, get, storedExport, storedKeys } from '../exportacoes/support.ts';

/**
 * Hostile review of issue 16 on PostgreSQL, where requests and workers truly run at once: a flood
 * of asks cannot pass the limit, and two workers running one export's two tasks leave one file.
 */
const postgres = process.env.TEST_DATABASE_URL;
const REPORT = 'novas-unidades/relatorio/exportar';

describe.skipIf(!postgres)(
  `exports under concurrency${postgres ? '' : ' (skipped: needs TEST_DATABASE_URL)'}`,
  () => {
    let t: TestApp;
    let tokens: Record<string, string>;
    beforeAll(async () => {
      t = await createTestApp();
      tokens = await loginDemo(t.app, ['celula', 'amee']);
      await insertSyntheticRequests(t.app.db, 6000);
    });
    afterAll(() => t?.close());

    it(`twenty asks at once by one user: ${MAX_EXPORTS_UNDER_WAY} recorded and queued, the rest 429 in Portuguese`, async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => askExport(t.app, tokens.amee!, { origem: REPORT, formato: 'csv' })),
      );
      const codes = answers.map((res) => res.statusCode).sort();
      expect(codes).toEqual([
        ...Array(MAX_EXPORTS_UNDER_WAY).fill(200),
        ...Array(20 - MAX_EXPORTS_UNDER_WAY).fill(429),
      ]);
      for (const res of answers.filter((r) => r.statusCode === 429))
        expect(res.json().msg).toBe(TOO_MANY_UNDER_WAY);
      const [amee] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'amee@demo.portal'));
      const [rows] = await t.app.db
        .select({ n: count() })
        .from(exportacoes)
        .where(eq(exportacoes.idUsuario, amee!.id));
      expect(rows!.n).toBe(MAX_EXPORTS_UNDER_WAY);
    });

    it('two workers running two tasks of one export at once keep one file, ready, and no other', async () => {
      const handlers = taskHandlers(t.app);
      // The flood's exports out of the way: only this export's two tasks are due.
      while ((await runDueTasks(t.app.db, handlers, t.app.log)).claimed > 0);
      const res = await askExport(t.app, tokens.celula!, { origem: REPORT, formato: 'xlsx' });
      const id = res.json().dados.id as number;
      await enqueue(t.app.db, EXPORT_TASK, { id });
      const keys = await storedKeys(t.app);
      const runs = await Promise.all([
        runDueTasks(t.app.db, handlers, t.app.log, 1),
        runDueTasks(t.app.db, handlers, t.app.log, 1),
      ]);
      expect(runs).toEqual([
        { claimed: 1, failed: 0 },
        { claimed: 1, failed: 0 },
      ]);
      const row = await storedExport(t.app, id);
      expect(row.situacao).toBe('pronta');
      // Nothing left behind by the run that lost.
      expect(await storedKeys(t.app)).toEqual([...keys, row.arquivoKey].sort());
      const file = await get(t.app, tokens.celula!, `/api/exportacoes/${id}/arquivo`);
      expect(file.statusCode).toBe(200);
      expect(Number(file.headers['content-length'])).toBe(row.tamanho);
    });
  },
);
