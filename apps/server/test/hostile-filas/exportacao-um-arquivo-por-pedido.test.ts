import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueue } from '../../src/jobs/queue.ts';
import { exportHandler } from '../../src/modules/exportacoes/generate.ts';
import { EXPORT_TASK } from '../../src/modules/exportacoes/repo.ts';
import { EXPORT_SOURCES } from '../../src/modules/exportacoes/sources.ts';
import { tasksOf } from '../fila-tarefas/support.ts';
import { insertSyntheticRequests } from '../support/synthetic-requests.ts';
import { createTestApp, loginDemo, type TestApp } from '../support/test-app.ts';
import { askExport, get, storedExport, storedKeys } from '../exportacoes/support.ts';

/**
 * Hostile review of issue 16: one export asked once has one file, whatever runs its task twice
 * (a retry after a timeout whose handler had not stopped yet, an administrator's requeue).
 */
let t: TestApp;
let tokens: Record<string, string>;
const REPORT = 'novas-unidades/relatorio/exportar';

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemo(t.app, ['celula']);
  // More new units than one batch (1,000), so a file is written in several.
  await insertSyntheticRequests(t.app.db, 20_000);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const handler = () =>
  exportHandler({ db: t.app.db, storage: t.app.storage, publicUrl: 'http://portal.test' });
const never = new AbortController().signal;

describe('two runs of one export', () => {
  it('a run that read the export before another finished it does not take the ready file back to "gerando" nor leave a file behind', async () => {
    const res = await askExport(t.app, tokens.celula!, { origem: REPORT, formato: 'csv' });
    const id = res.json().dados.id as number;
    await enqueue(t.app.db, EXPORT_TASK, { id });
    const [first, second] = (await tasksOf(t.app, EXPORT_TASK)).filter(
      (task) => (task.dados as { id: number }).id === id,
    );
    const keys = await storedKeys(t.app);

    // The late run reads its rows while the other writes the whole file.
    const source = EXPORT_SOURCES.get(REPORT)!;
    const rows = source.rows.bind(source);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let reading!: () => void;
    const lateReads = new Promise<void>((resolve) => (reading = resolve));
    vi.spyOn(source, 'rows').mockImplementationOnce(async (...args) => {
      reading();
      await released;
      return rows(...args);
    });
    const late = handler()(second!.dados, { ...second!, tentativas: 1, signal: never });
    await lateReads;
    await handler()(first!.dados, { ...first!, tentativas: 1, signal: never });
    const ready = await storedExport(t.app, id);
    expect(ready.situacao).toBe('pronta');

    release();
    await late;
    const after = await storedExport(t.app, id);
    expect(after).toMatchObject({ situacao: 'pronta', arquivoKey: ready.arquivoKey });
    expect(await storedKeys(t.app)).toEqual([...keys, ready.arquivoKey].sort());
    expect((await get(t.app, tokens.celula!, `/api/exportacoes/${id}/arquivo`)).statusCode).toBe(200);
  });

  it('a run stopped half-way after another finished the file neither replaces that file nor rewrites its progress', async () => {
    const res = await askExport(t.app, tokens.celula!, { origem: REPORT, formato: 'csv' });
    const id = res.json().dados.id as number;
    await enqueue(t.app.db, EXPORT_TASK, { id });
    const [first, second] = (await tasksOf(t.app, EXPORT_TASK)).filter(
      (task) => (task.dados as { id: number }).id === id,
    );
    const keys = await storedKeys(t.app);

    // The late run has written its first batch when the other one writes the whole file; then
    // its server shuts down.
    const write = t.app.storage.write.bind(t.app.storage);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let paused!: () => void;
    const pausing = new Promise<void>((resolve) => (paused = resolve));
    let chunks = 0;
    vi.spyOn(t.app.storage, 'write').mockImplementationOnce((source) =>
      write(
        source.map(async (chunk: Buffer) => {
          if (++chunks === 2) {
            paused();
            await released;
          }
          return chunk;
        }),
      ),
    );
    const shutdown = new AbortController();
    const late = handler()(second!.dados, { ...second!, tentativas: 1, signal: shutdown.signal });

    await pausing;
    await handler()(first!.dados, { ...first!, tentativas: 1, signal: never });
    const ready = await storedExport(t.app, id);
    expect(ready).toMatchObject({ situacao: 'pronta', linhasEscritas: ready.linhasTotal });

    shutdown.abort(new Error('encerrando'));
    release();
    await expect(late).rejects.toThrow('encerrando');
    expect(await storedExport(t.app, id)).toEqual(ready);
    expect(await storedKeys(t.app)).toEqual([...keys, ready.arquivoKey].sort());
  });
});
