import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCnpjForUf } from '@portal/domain';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';
import { baseProvedor, filaTarefas, importacoesBase } from '../../src/db/schema.ts';
import { runDueTasks } from '../../src/jobs/queue.ts';
import { taskHandlers } from '../../src/jobs/tasks.ts';
import { IMPORT_BASE } from '../../src/modules/conciliacao/repo.ts';
import { createTestApp, loginDemo, type TestApp } from '../support/test-app.ts';
import { uploadBase } from '../conciliacao/support.ts';

/**
 * Hostile review of issue 16 on PostgreSQL: two files of one flow sent back to back and taken by
 * two workers at the same moment apply one after the other, and the base ends as the second says.
 */
const postgres = process.env.TEST_DATABASE_URL;
const SP = clientCnpjForUf('SP')!;
const HEADER = 'UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF';
const file = (rz: string) =>
  [HEADER, ...Array.from({ length: 3000 }, (_, i) => `ORDEM-PG-${i};ENEL SP;${rz};${SP};SP`)].join('\r\n');

describe.skipIf(!postgres)(
  `imports of one flow under two workers${postgres ? '' : ' (skipped: needs TEST_DATABASE_URL)'}`,
  () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp();
      token = (await loginDemo(t.app, ['amee'])).amee!;
    });
    afterAll(() => t?.close());

    it('the second file sent is the base, whichever worker takes which task', async () => {
      const first = (await uploadBase(t.app, token, file('Primeira Razão S.A.'))).json().dados.id as number;
      const second = (await uploadBase(t.app, token, file(CLIENT_COMPANY_NAME))).json().dados.id as number;
      const handlers = taskHandlers(t.app);
      for (let round = 0; round < 40; round++) {
        const pending = await t.app.db
          .select({ id: filaTarefas.id })
          .from(filaTarefas)
          .where(sql`${filaTarefas.tipo} = ${IMPORT_BASE} and ${filaTarefas.concluidaEm} is null`);
        if (pending.length === 0) break;
        // Every wait for a turn skipped: both workers find every task due at once.
        await t.app.db
          .update(filaTarefas)
          .set({ executarEm: sql`now()` })
          .where(sql`${filaTarefas.concluidaEm} is null`);
        await Promise.all([
          runDueTasks(t.app.db, handlers, t.app.log, 1),
          runDueTasks(t.app.db, handlers, t.app.log, 1),
        ]);
      }
      const runs = await t.app.db
        .select()
        .from(importacoesBase)
        .where(sql`${importacoesBase.id} in (${first}, ${second})`)
        .orderBy(importacoesBase.id);
      expect(runs.map((r) => r.situacao)).toEqual(['aplicada', 'aplicada']);
      expect(runs[0]!.concluidaEm!.getTime()).toBeLessThanOrEqual(runs[1]!.concluidaEm!.getTime());
      const base = await t.app.db
        .select({ rz: baseProvedor.rzSocial, run: baseProvedor.idImportacao })
        .from(baseProvedor)
        .where(sql`${baseProvedor.uc} like 'ORDEM-PG-%'`);
      expect(base).toHaveLength(3000);
      expect(new Set(base.map((b) => `${b.rz}|${b.run}`))).toEqual(
        new Set([`${CLIENT_COMPANY_NAME}|${second}`]),
      );
      expect(
        await t.app.db.select().from(baseProvedor).where(eq(baseProvedor.rzSocial, 'Primeira Razão S.A.')),
      ).toEqual([]);
    });
  },
);
