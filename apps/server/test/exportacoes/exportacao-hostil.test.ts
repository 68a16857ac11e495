import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_EXPORTS_UNDER_WAY } from '@portal/domain/contracts/exports';
import { exportacoes, filaTarefas, grupos, usuarios } from '../../src/db/schema.ts';
import { enqueue, MAX_ATTEMPTS } from '../../src/jobs/queue.ts';
import { cleanUpExports, TASK_LOST } from '../../src/modules/exportacoes/expire.ts';
import {
  ACCESS_LOST,
  exportHandler,
  GAVE_UP,
  USER_INACTIVE,
} from '../../src/modules/exportacoes/generate.ts';
import { EXPORT_TASK, TOO_MANY_UNDER_WAY, UNKNOWN_ORIGIN } from '../../src/modules/exportacoes/repo.ts';
import { EXPIRED } from '../../src/modules/exportacoes/routes.ts';
import { StorageUnavailableError } from '../../src/storage/file-storage.ts';
import { makeDue, tasksOf } from '../fila-tarefas/support.ts';
import { insertSyntheticRequests } from '../support/synthetic-requests.ts';
import { createTestApp, loginDemo, runQueue, type TestApp } from '../support/test-app.ts';
import { askExport, get, storedExport, storedKeys } from './support.ts';

/**
 * Issue 16, the exports through the queue as a hostile client and a failing machine meet them:
 * nobody reads another's export, only the queue's lists with their own filters can be asked for,
 * the list's own rule decides, the file is written with the rights of the moment it is written,
 * and a storage fault, a shutdown or a task run twice leave one file or none.
 */
let t: TestApp;
let tokens: Record<string, string>;
const REPORT = 'novas-unidades/relatorio/exportar';
const REGIONAL_GROUP = 22890835;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemo(t.app, ['celula', 'regional', 'solicitante', 'amee']);
  // More new units than one batch (1,000), so a file is written in several.
  await insertSyntheticRequests(t.app.db, 4000);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** Asks as `who` and answers the new row's id. */
async function asked(who: string, payload: Record<string, unknown> = { origem: REPORT, formato: 'csv' }) {
  const res = await askExport(t.app, tokens[who]!, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados.id as number;
}
const taskOf = async (id: number) =>
  (await tasksOf(t.app, EXPORT_TASK)).find((task) => (task.dados as { id: number }).id === id)!;

describe('each user reads only their own exports', () => {
  it('another user’s export is not found, to read or to download, exactly as one that never existed', async () => {
    const id = await asked('celula');
    await runQueue(t.app);
    for (const url of [`/api/exportacoes/${id}`, `/api/exportacoes/${id}/arquivo`]) {
      const theirs = await get(t.app, tokens.amee!, url);
      const none = await get(t.app, tokens.amee!, url.replace(String(id), '999999'));
      expect(theirs.statusCode, url).toBe(404);
      expect(theirs.json()).toEqual(none.json());
    }
    expect((await get(t.app, tokens.celula!, `/api/exportacoes/${id}/arquivo`)).statusCode).toBe(200);
    // An owner named in the body is not read: the export is the caller's.
    const [amee] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'amee@demo.portal'));
    const forged = await askExport(t.app, tokens.celula!, {
      origem: REPORT,
      id_usuario: amee!.id,
      idUsuario: amee!.id,
    });
    expect((await storedExport(t.app, forged.json().dados.id)).idUsuario).not.toBe(amee!.id);
    expect((await get(t.app, tokens.celula!, '/api/exportacoes/abc')).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('only the queue’s lists, with their own filters', () => {
  it('an origin outside the registry is refused: an admin list, a path climbing out, a made-up one', async () => {
    for (const origem of [
      'usuarios/list/exportar',
      '../usuarios/list/exportar',
      'novas-unidades/relatorio/exportar/../../usuarios/list/exportar',
      '/api/novas-unidades/relatorio/exportar',
      'novas-unidades/relatorio/exportar?formato=csv',
      '',
    ]) {
      // An option outside its list (the error catalogue's 422), as an unknown status or sort.
      const res = await askExport(t.app, tokens.celula!, { origem, formato: 'csv' });
      expect(res.statusCode, origem).toBe(422);
      expect(res.json()).toMatchObject({ msg: UNKNOWN_ORIGIN, campo: 'origem' });
    }
    for (const payload of [{ origem: 42 }, {}]) {
      expect((await askExport(t.app, tokens.celula!, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    // As the direct export answers a format it does not write.
    const pdf = await askExport(t.app, tokens.celula!, { origem: REPORT, formato: 'pdf' });
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json()).toMatchObject({ msg: 'Formato de arquivo inválido.', campo: 'formato' });
  });

  it('filters of the wrong type, or fields the list does not take (a scope, a hidden column), are refused in Portuguese', async () => {
    // The status the list's own call gives each problem (the error catalogue): malformed 400, refused 422.
    const cases: [unknown, string, number][] = [
      ['status=1', 'filtros', 400],
      [['status', 1], 'filtros', 400],
      [{ status: 'abc' }, 'filtros.status', 400],
      [{ de: { $gt: '' } }, 'filtros.de', 400],
      [{ de: '2026-02-01', ate: '2026-01-01' }, 'filtros.ate', 422],
      [{ id_regional: 5 }, 'filtros', 400],
      [{ regionais: [5], status: 1 }, 'filtros', 400],
      [{ sort: 'password_hash' }, 'sort', 422],
    ];
    for (const [filtros, campo, status] of cases) {
      const res = await askExport(t.app, tokens.regional!, { origem: REPORT, formato: 'csv', filtros });
      expect(res.statusCode, JSON.stringify(filtros)).toBe(status);
      expect(res.json().campo, JSON.stringify(filtros)).toBe(campo);
      // The schemas' own words (or zod's Portuguese), never an English default.
      expect(res.json().msg, JSON.stringify(filtros)).not.toMatch(/invalid|expected|unrecognized|received/i);
    }
    const unknown = await askExport(t.app, tokens.regional!, { origem: REPORT, filtros: { id_regional: 5 } });
    expect(unknown.json().msg).toBe('Filtro desconhecido nesta lista: id_regional.');
    expect(await t.app.db.select().from(exportacoes).where(eq(exportacoes.origem, 'x'))).toEqual([]);
  });

  it('who may not open the list is refused (403) as its direct export refuses them, and nothing is queued', async () => {
    const before = (await tasksOf(t.app, EXPORT_TASK)).length;
    for (const origem of [REPORT, 'agua/consolidacao/relatorio/exportar', 'consolidacao/list/exportar']) {
      const queued = await askExport(t.app, tokens.solicitante!, { origem, formato: 'csv' });
      const streamed = await get(t.app, tokens.solicitante!, `/api/${origem}?formato=csv`);
      expect(queued.statusCode, origem).toBe(403);
      expect(queued.json()).toEqual(streamed.json());
    }
    expect(
      (await askExport(t.app, tokens.regional!, { origem: 'consolidacao/list/exportar' })).statusCode,
    ).toBe(403);
    expect((await tasksOf(t.app, EXPORT_TASK)).length).toBe(before);
  });

  it(`at most ${MAX_EXPORTS_UNDER_WAY} exports under way per user: one more is refused (429) until one finishes`, async () => {
    await runQueue(t.app);
    for (let i = 0; i < MAX_EXPORTS_UNDER_WAY; i++) await asked('amee');
    const more = await askExport(t.app, tokens.amee!, { origem: REPORT, formato: 'csv' });
    expect(more.statusCode).toBe(429);
    expect(more.json().msg).toBe(TOO_MANY_UNDER_WAY);
    // Another user's limit is their own.
    await asked('celula');
    await runQueue(t.app);
    await asked('amee');
    await runQueue(t.app);
  });
});

describe('written with the rights of the moment it is written', () => {
  it('a user deactivated after asking: failed, with why, no file, no retry', async () => {
    const id = await asked('regional');
    const keys = await storedKeys(t.app);
    await t.app.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, 'regional@demo.portal'));
    try {
      await runQueue(t.app);
    } finally {
      await t.app.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.email, 'regional@demo.portal'));
    }
    const row = await storedExport(t.app, id);
    expect(row).toMatchObject({ situacao: 'falhou', erro: USER_INACTIVE, arquivoKey: null });
    expect((await taskOf(id)).concluidaEm).not.toBeNull();
    expect((await taskOf(id)).ultimoErro).toBeNull();
    expect(await storedKeys(t.app)).toEqual(keys);
    expect((await get(t.app, tokens.regional!, `/api/exportacoes/${id}/arquivo`)).statusCode).toBe(409);
  });

  it('a user whose group lost the report after asking: failed, with why', async () => {
    const id = await asked('regional');
    await t.app.db.update(grupos).set({ relatorios: false }).where(eq(grupos.id, REGIONAL_GROUP));
    try {
      await runQueue(t.app);
    } finally {
      await t.app.db.update(grupos).set({ relatorios: true }).where(eq(grupos.id, REGIONAL_GROUP));
    }
    expect(await storedExport(t.app, id)).toMatchObject({ situacao: 'falhou', erro: ACCESS_LOST });
  });
});

describe('expiry', () => {
  it('past its time the file answers 410 in Portuguese, reads as expired, and the cleanup removes it', async () => {
    const id = await asked('celula');
    await runQueue(t.app);
    const { arquivoKey } = await storedExport(t.app, id);
    expect(await storedKeys(t.app)).toContain(arquivoKey);
    await t.app.db
      .update(exportacoes)
      .set({ expiraEm: sql`now() - interval '1 second'` })
      .where(eq(exportacoes.id, id));

    const file = await get(t.app, tokens.celula!, `/api/exportacoes/${id}/arquivo`);
    expect(file.statusCode).toBe(410);
    expect(file.json().msg).toBe(EXPIRED);
    const row = (await get(t.app, tokens.celula!, `/api/exportacoes/${id}`)).json().dados;
    expect(row).toMatchObject({ situacao: 'expirada', arquivo_url: null });

    expect((await cleanUpExports(t.app.db, t.app.storage)).expired).toBe(1);
    expect(await storedKeys(t.app)).not.toContain(arquivoKey);
    expect(await storedExport(t.app, id)).toMatchObject({ situacao: 'expirada', arquivoKey: null });
    expect((await get(t.app, tokens.celula!, `/api/exportacoes/${id}/arquivo`)).statusCode).toBe(410);

    // A week on, the row itself goes.
    await t.app.db
      .update(exportacoes)
      .set({ criadaEm: sql`now() - interval '8 days'` })
      .where(eq(exportacoes.id, id));
    await cleanUpExports(t.app.db, t.app.storage);
    expect((await get(t.app, tokens.celula!, `/api/exportacoes/${id}`)).statusCode).toBe(404);
  });

  it('an export whose task is gone (discarded by an administrator) stops counting as under way', async () => {
    const id = await asked('celula');
    await t.app.db.delete(filaTarefas).where(eq(filaTarefas.id, (await taskOf(id)).id));
    await cleanUpExports(t.app.db, t.app.storage);
    expect(await storedExport(t.app, id)).toMatchObject({ situacao: 'falhou', erro: TASK_LOST });
  });
});

describe('faults', () => {
  it('a storage fault: no file left, the task retried later, and the retry writes the file', async () => {
    const id = await asked('celula');
    const keys = await storedKeys(t.app);
    vi.spyOn(t.app.storage, 'write').mockRejectedValueOnce(
      new StorageUnavailableError(new Error('ECONNREFUSED')),
    );
    expect(await runQueue(t.app)).toEqual({ claimed: 1, failed: 1 });
    expect((await storedExport(t.app, id)).situacao).toBe('gerando');
    expect(await storedKeys(t.app)).toEqual(keys);

    await makeDue(t.app, [(await taskOf(id)).id]);
    await runQueue(t.app);
    const row = await storedExport(t.app, id);
    expect(row.situacao).toBe('pronta');
    expect(await storedKeys(t.app)).toEqual([...keys, row.arquivoKey].sort());
  });

  it('a disk filling up mid-file: the partial file is removed, and the task retried', async () => {
    const id = await asked('celula');
    const keys = await storedKeys(t.app);
    const write = t.app.storage.write.bind(t.app.storage);
    const noSpace = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    // The first bytes reach the disk, then it is full.
    let chunks = 0;
    vi.spyOn(t.app.storage, 'write').mockImplementationOnce((source) =>
      write(
        source.map((chunk: Buffer) => {
          if (++chunks > 1) throw noSpace;
          return chunk;
        }),
      ),
    );
    await runQueue(t.app);
    expect((await storedExport(t.app, id)).situacao).toBe('gerando');
    expect(await storedKeys(t.app)).toEqual(keys);
    await makeDue(t.app, [(await taskOf(id)).id]);
    await runQueue(t.app);
  });

  it('on the last attempt a fault ends the export as failed (and the task is given up for the administrator)', async () => {
    const id = await asked('celula');
    const task = await taskOf(id);
    await t.app.db
      .update(filaTarefas)
      .set({ tentativas: MAX_ATTEMPTS - 1 })
      .where(eq(filaTarefas.id, task.id));
    vi.spyOn(t.app.storage, 'write').mockRejectedValueOnce(new StorageUnavailableError(new Error('down')));
    await runQueue(t.app);
    expect(await storedExport(t.app, id)).toMatchObject({ situacao: 'falhou', erro: GAVE_UP });
    const given = await taskOf(id);
    expect(given.concluidaEm).not.toBeNull();
    expect(given.ultimoErro).not.toBeNull();
  });

  it('a shutdown mid-file stops between batches: no file left, and the task run again writes it', async () => {
    const id = await asked('celula');
    const keys = await storedKeys(t.app);
    const shutdown = new AbortController();
    const write = t.app.storage.write.bind(t.app.storage);
    vi.spyOn(t.app.storage, 'write').mockImplementationOnce((source) => {
      shutdown.abort(new Error('encerrando'));
      return write(source);
    });
    const handler = exportHandler({ db: t.app.db, storage: t.app.storage, publicUrl: 'http://portal.test' });
    const task = await taskOf(id);
    await expect(handler(task.dados, { ...task, tentativas: 1, signal: shutdown.signal })).rejects.toThrow(
      'encerrando',
    );
    expect((await storedExport(t.app, id)).situacao).toBe('gerando');
    expect(await storedKeys(t.app)).toEqual(keys);
    await runQueue(t.app);
    expect((await storedExport(t.app, id)).situacao).toBe('pronta');
  });

  it('a task run twice makes one file: the second finds the export done', async () => {
    const id = await asked('celula');
    await enqueue(t.app.db, EXPORT_TASK, { id });
    const keys = await storedKeys(t.app);
    expect(await runQueue(t.app)).toEqual({ claimed: 2, failed: 0 });
    const row = await storedExport(t.app, id);
    expect(row.situacao).toBe('pronta');
    expect(await storedKeys(t.app)).toEqual([...keys, row.arquivoKey].sort());
  });
});
