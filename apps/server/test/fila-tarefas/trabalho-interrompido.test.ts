import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCnpjForUf } from '@portal/domain';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';
import { exportacoes, filaTarefas, importacoesBase } from '../../src/db/schema.ts';
import { claimDueTasks, HEARTBEAT_MS, LEASE_MS, SILENT_AFTER_MS } from '../../src/jobs/queue.ts';
import { EXPORT_TASK } from '../../src/modules/exportacoes/repo.ts';
import { IMPORT_BASE } from '../../src/modules/conciliacao/repo.ts';
import { listedRun, uploadBase } from '../conciliacao/support.ts';
import { bearer, createTestApp, loginDemo, runQueue, type TestApp } from '../support/test-app.ts';

/**
 * Issue 30: an import or an export whose server died mid-way says so within 30 s — "Interrompida —
 * será retomada" — instead of showing work that no longer moves for the five minutes of its lease;
 * and it resumes as before once the lease ends. A worker renews its claim every HEARTBEAT_MS; a
 * claim not renewed for SILENT_AFTER_MS is a dead worker's.
 */
let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemo(t.app, ['amee', 'celula']);
});
afterAll(() => t.close());

/** Claims the due tasks as a worker would, then "dies": nothing renews the claim any more. */
const claimAndDie = () => claimDueTasks(t.app.db);
/** Time passes for a claimed task: its last renewal was `seconds` ago. */
const silentFor = (tipo: string, seconds: number) =>
  t.app.db
    .update(filaTarefas)
    .set({ executarEm: sql`now() + make_interval(secs => ${LEASE_MS / 1000 - seconds})` })
    .where(eq(filaTarefas.tipo, tipo));
/** The lease ended: the task is due again. */
const leaseEnded = (tipo: string) =>
  t.app.db
    .update(filaTarefas)
    .set({ executarEm: sql`now()` })
    .where(eq(filaTarefas.tipo, tipo));

it('a worker beats three times within the silence that marks it dead, which is far shorter than the lease', () => {
  expect(3 * HEARTBEAT_MS).toBeLessThanOrEqual(SILENT_AFTER_MS);
  expect(SILENT_AFTER_MS).toBeLessThanOrEqual(30_000);
  expect(SILENT_AFTER_MS).toBeLessThan(LEASE_MS);
});

describe('an import whose worker died while applying', () => {
  it('is shown interrupted 30 s after its last heartbeat, not before, and resumes when its lease ends', async () => {
    const csv = `UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF\r\nINTERROMPIDA-1;ENEL SP;${CLIENT_COMPANY_NAME};${clientCnpjForUf('SP')};SP\r\n`;
    const id = (await uploadBase(t.app, tokens.amee!, csv)).json().dados.id as number;
    await claimAndDie();
    await t.app.db.update(importacoesBase).set({ situacao: 'aplicando' }).where(eq(importacoesBase.id, id));

    await silentFor(IMPORT_BASE, SILENT_AFTER_MS / 1000 - 5);
    expect(await listedRun(t.app, tokens.amee!, id)).toMatchObject({
      situacao: 'aplicando',
      interrompida: false,
    });

    await silentFor(IMPORT_BASE, SILENT_AFTER_MS / 1000 + 1);
    expect(await listedRun(t.app, tokens.amee!, id)).toMatchObject({
      situacao: 'aplicando',
      interrompida: true,
    });

    await leaseEnded(IMPORT_BASE);
    await runQueue(t.app);
    expect(await listedRun(t.app, tokens.amee!, id)).toMatchObject({
      situacao: 'aplicada',
      interrompida: false,
    });
  });
});

describe('an export whose worker died while writing', () => {
  it('is shown interrupted to its owner 30 s after its last heartbeat, and resumes when its lease ends', async () => {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/exportacoes',
      payload: { origem: 'novas-unidades/relatorio/exportar', formato: 'csv' },
      headers: bearer(tokens.celula!),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().dados.id as number;
    await claimAndDie();
    await t.app.db.update(exportacoes).set({ situacao: 'gerando' }).where(eq(exportacoes.id, id));
    const read = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/exportacoes/${id}`, headers: bearer(tokens.celula!) })
      ).json().dados;

    expect(await read()).toMatchObject({ situacao: 'gerando', interrompida: false });
    await silentFor(EXPORT_TASK, SILENT_AFTER_MS / 1000 + 1);
    expect(await read()).toMatchObject({ situacao: 'gerando', interrompida: true });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/exportacoes',
      headers: bearer(tokens.celula!),
    });
    expect(listed.json().dados.find((row: { id: number }) => row.id === id)).toMatchObject({
      interrompida: true,
    });

    await leaseEnded(EXPORT_TASK);
    await runQueue(t.app);
    expect(await read()).toMatchObject({ situacao: 'pronta', interrompida: false });
  });
});
