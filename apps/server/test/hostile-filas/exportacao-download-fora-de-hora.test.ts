import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportacoes } from '../../src/db/schema.ts';
import { cleanUpExports } from '../../src/modules/exportacoes/expire.ts';
import { EXPIRED, NOT_READY } from '../../src/modules/exportacoes/routes.ts';
import { createTestApp, loginDemo, runQueue, type TestApp } from '../support/test-app.ts';
import { askExport, get, storedExport, storedKeys } from '../exportacoes/support.ts';

/**
 * Hostile review of issue 16: the file address asked for at the wrong time (before the file
 * exists, after it expired) answers in Portuguese, never a 500.
 */
let t: TestApp;
let tokens: Record<string, string>;
const REPORT = 'novas-unidades/relatorio/exportar';

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemo(t.app, ['celula']);
});
afterAll(() => t.close());

const ask = async () => {
  const res = await askExport(t.app, tokens.celula!, { origem: REPORT, formato: 'csv' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados.id as number;
};
const download = (id: number) => get(t.app, tokens.celula!, `/api/exportacoes/${id}/arquivo`);

describe('the file address at the wrong time', () => {
  it('while waiting and while being written: 409, the file is not ready', async () => {
    const id = await ask();
    expect((await download(id)).json()).toMatchObject({ msg: NOT_READY });
    await t.app.db.update(exportacoes).set({ situacao: 'gerando' }).where(eq(exportacoes.id, id));
    const res = await download(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(NOT_READY);
    await t.app.db.update(exportacoes).set({ situacao: 'na-fila' }).where(eq(exportacoes.id, id));
    await runQueue(t.app);
  });

  it('expired a moment ago but not yet swept: 410, and the sweep then removes the file', async () => {
    const id = await ask();
    await runQueue(t.app);
    const { arquivoKey } = await storedExport(t.app, id);
    await t.app.db
      .update(exportacoes)
      .set({ expiraEm: sql`now() - interval '1 millisecond'` })
      .where(eq(exportacoes.id, id));
    expect((await download(id)).json()).toMatchObject({ msg: EXPIRED });
    await cleanUpExports(t.app.db, t.app.storage);
    expect(await storedKeys(t.app)).not.toContain(arquivoKey);
    expect((await download(id)).statusCode).toBe(410);
  });

  it('ready but its file gone from the storage: 410 "expirou", never a 500', async () => {
    const id = await ask();
    await runQueue(t.app);
    await t.app.storage.remove((await storedExport(t.app, id)).arquivoKey!);
    const res = await download(id);
    expect(res.statusCode).toBe(410);
    expect(res.json().msg).toBe(EXPIRED);
  });
});
