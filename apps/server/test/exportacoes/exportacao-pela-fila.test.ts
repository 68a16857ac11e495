import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPORT_TASK } from '../../src/modules/exportacoes/repo.ts';
import { tasksOf } from '../fila-tarefas/support.ts';
import { parseCsv } from '../support/csv.ts';
import { insertSyntheticRequests } from '../support/synthetic-requests.ts';
import { createTestApp, loginDemo, runQueue, type TestApp } from '../support/test-app.ts';
import { askExport, get, sheetValues, storedExport } from './support.ts';

/**
 * Issue 16: a large export asked of the job queue. The queue writes the same file the list's
 * direct export streams, into storage, with its progress kept on the row; the user downloads it
 * from "Minhas exportações" for a day.
 */
let t: TestApp;
let tokens: Record<string, string>;
const REPORT = 'novas-unidades/relatorio/exportar';
/** More rows than one batch (1,000), so the file is written in several. */
const SYNTHETIC = 7000;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemo(t.app, ['celula', 'regional']);
  await insertSyntheticRequests(t.app.db, SYNTHETIC);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const direct = (who: string, query: string, path = REPORT) =>
  get(t.app, tokens[who]!, `/api/${path}?${query}`);

describe('asking for an export', () => {
  it('answers the row waiting in the queue, its rows counted, and queues one task for it', async () => {
    const res = await askExport(t.app, tokens.celula!, {
      origem: REPORT,
      formato: 'csv',
      filtros: { status: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().dados;
    const expected = Number((await direct('celula', 'status=1&formato=csv')).headers['x-total-registros']);
    expect(row).toMatchObject({
      origem: REPORT,
      titulo: 'Relatório UC Nova',
      formato: 'csv',
      situacao: 'na-fila',
      linhas_total: expected,
      linhas_escritas: 0,
      arquivo_url: null,
    });
    const tasks = (await tasksOf(t.app, EXPORT_TASK)).filter(
      (task) => (task.dados as { id: number }).id === row.id,
    );
    expect(tasks).toHaveLength(1);
    await runQueue(t.app);
  });
});

describe('the file the queue writes', () => {
  it('csv: ready with the direct download’s name, type and bytes, for the same filters', async () => {
    const filtros = { status: 'Todos', sort: 'data_pedido', order: 'asc' };
    const asked = (await askExport(t.app, tokens.celula!, { origem: REPORT, formato: 'csv', filtros })).json()
      .dados;
    await runQueue(t.app);

    const row = (await get(t.app, tokens.celula!, `/api/exportacoes/${asked.id}`)).json().dados;
    expect(row.situacao).toBe('pronta');
    expect(row.linhas_total).toBeGreaterThan(1000);
    expect(row.linhas_escritas).toBe(row.linhas_total);
    expect(row.nome_arquivo).toBe('novas_unidades.csv');
    expect(row.arquivo_url).toBe(`/api/exportacoes/${asked.id}/arquivo`);
    const hours = (Date.parse(row.expira_em) - Date.parse(row.concluida_em)) / 3_600_000;
    expect(hours).toBeCloseTo(24, 3);

    const file = await get(t.app, tokens.celula!, row.arquivo_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="novas_unidades\.csv"/);
    expect(Number(file.headers['content-length'])).toBe(row.tamanho);
    const streamed = await direct('celula', 'status=Todos&sort=data_pedido&order=asc&formato=csv');
    expect(file.rawPayload.equals(streamed.rawPayload)).toBe(true);
    expect(parseCsv(file.rawPayload.toString('utf8'))).toHaveLength(row.linhas_total + 1);
  });

  it('xlsx: the same sheet, header and cells as the direct download (read with ExcelJS)', async () => {
    const origem = 'novas-unidades/list/exportar';
    const filtros = { status: '0,1', regional: 7 };
    const asked = (await askExport(t.app, tokens.celula!, { origem, formato: 'xlsx', filtros })).json().dados;
    await runQueue(t.app);

    const file = await get(t.app, tokens.celula!, `/api/exportacoes/${asked.id}/arquivo`);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toMatch(/filename="novas_unidades\.xlsx"/);
    const stored = await sheetValues(file.rawPayload);
    const streamed = await sheetValues((await direct('celula', 'status=0,1&regional=7', origem)).rawPayload);
    expect(stored.name).toBe('Novas Unidades');
    expect(stored.rows.length).toBeGreaterThan(2);
    expect(stored).toEqual(streamed);
  });

  it('the progress is written after every batch of rows, never per row', async () => {
    const asked = (await askExport(t.app, tokens.celula!, { origem: REPORT, formato: 'csv' })).json().dados;
    // A slow destination: each chunk waits for a read of the row's progress before the next one.
    const write = t.app.storage.write.bind(t.app.storage);
    const seen: number[] = [];
    vi.spyOn(t.app.storage, 'write').mockImplementation(async (source) => {
      const chunks: Buffer[] = [];
      for await (const chunk of source) {
        chunks.push(chunk as Buffer);
        seen.push((await storedExport(t.app, asked.id)).linhasEscritas);
      }
      return write(Readable.from(chunks));
    });
    await runQueue(t.app);

    const row = await storedExport(t.app, asked.id);
    expect(row.situacao).toBe('pronta');
    expect(seen.some((n) => n > 0 && n < row.linhasTotal!)).toBe(true);
    expect(seen.every((n) => n % 1000 === 0 || n === row.linhasTotal)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('the file holds the rows of the scope of the one who asked: a regional’s, only its regional', async () => {
    const asked = (await askExport(t.app, tokens.regional!, { origem: REPORT, formato: 'csv' })).json().dados;
    await runQueue(t.app);
    const file = await get(t.app, tokens.regional!, `/api/exportacoes/${asked.id}/arquivo`);
    const [header, ...rows] = parseCsv(file.rawPayload.toString('utf8'));
    const regional = header!.indexOf('Regional');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan((await storedExport(t.app, asked.id)).linhasTotal! + 1);
    expect(new Set(rows.map((r) => r[regional]))).toEqual(new Set(['TSP - São Paulo']));
    expect(file.rawPayload.equals((await direct('regional', 'formato=csv')).rawPayload)).toBe(true);
  });
});

describe('Minhas exportações', () => {
  it('lists the caller’s own exports, newest first, with their progress, and no one else’s', async () => {
    const mine = (await get(t.app, tokens.celula!, '/api/exportacoes')).json().dados as {
      id: number;
      situacao: string;
    }[];
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(mine.map((r) => r.id)).toEqual([...mine.map((r) => r.id)].sort((a, b) => b - a));
    expect(mine.every((r) => r.situacao === 'pronta')).toBe(true);
    const theirs = (await get(t.app, tokens.regional!, '/api/exportacoes')).json().dados as { id: number }[];
    expect(theirs).toHaveLength(1);
    expect(mine.map((r) => r.id)).not.toContain(theirs[0]!.id);
  });
});
