import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCnpjForUf } from '@portal/domain';
import { filaTarefas } from '../../src/db/schema.ts';
import { IMPORT_BASE } from '../../src/modules/conciliacao/repo.ts';
import { tasksOf } from '../fila-tarefas/support.ts';
import { createTestApp, loginDemo, runQueue, type TestApp } from '../support/test-app.ts';
import { uploadBase } from '../conciliacao/support.ts';

/**
 * Hostile review of issue 16: the error a failed attempt keeps (fila_tarefas.ultimo_erro, shown to
 * administrators) and logs says what failed, never the file's contents.
 */
let t: TestApp;
let tokens: Record<string, string>;
const logged: string[] = [];
const SECRET_NAME = 'Razão Sigilosa Ltda';
const SECRET_URL = 'https://faturas.example/segredo-9f3a';

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemo(t.app, ['amee']);
  const warn = t.app.log.warn.bind(t.app.log);
  t.app.log.warn = ((...args: unknown[]) => {
    logged.push(JSON.stringify(args));
    return (warn as (...a: unknown[]) => void)(...args);
  }) as typeof t.app.log.warn;
});
afterAll(() => t.close());

describe('a database failure while the file is staged', () => {
  // KNOWN WEAKNESS (reported to the lead): the queue keeps and logs err.message as it is, and
  // Drizzle writes the failed statement's values into it ("…\nparams: …"), here the file's rows.
  // The fix is the log serializer's scrubbing applied in queue.ts describe(); then drop `.fails`.
  it('keeps an error that names no value of the file, in the task and in the log', async () => {
    const file = [
      'UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF;URL Fatura',
      `SIGILO-1;ENEL SP;${SECRET_NAME};${clientCnpjForUf('SP')};SP;${SECRET_URL}`,
    ].join('\r\n');
    const res = await uploadBase(t.app, tokens.amee!, file);
    const id = res.json().dados.id as number;
    // The staging statement fails in the database (as a lost connection or a timeout would).
    await t.app.db.execute(
      sql.raw(`alter table base_provedor_carga add constraint falha_de_teste check (uc <> 'SIGILO-1')`),
    );
    try {
      expect(await runQueue(t.app)).toEqual({ claimed: 1, failed: 1 });
    } finally {
      await t.app.db.execute(sql.raw('alter table base_provedor_carga drop constraint falha_de_teste'));
    }
    const [task] = (await tasksOf(t.app, IMPORT_BASE)).filter(
      (task) => (task.dados as { importacao: number }).importacao === id,
    );
    const [stored] = await t.app.db.select().from(filaTarefas).where(eq(filaTarefas.id, task!.id));
    expect(stored!.ultimoErro).toEqual(expect.any(String));
    for (const text of [stored!.ultimoErro!, logged.join('\n')]) {
      expect(text).not.toContain(SECRET_NAME);
      expect(text).not.toContain(SECRET_URL);
      expect(text).not.toContain('SIGILO-1');
    }
  });
});
