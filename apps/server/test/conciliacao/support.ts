import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ImportRunRow } from '@portal/domain/contracts/reconciliation';
import { bearer, runQueue } from '../support/test-app.ts';

/** A provider-base file sent as the screen sends it: one part "arquivo". */
export function uploadBase(
  app: FastifyInstance,
  token: string,
  content: Buffer | string,
  { path = 'importar', fluxo = 'energia', filename = 'base.csv' } = {},
) {
  const boundary = '----conciliacao';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/conciliacao/${path}?fluxo=${fluxo}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
  });
}

/** The runs as the screen lists them, newest first. */
export async function listedRuns(app: FastifyInstance, token: string): Promise<ImportRunRow[]> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/conciliacao/importacoes',
    payload: { per_page: 50 },
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados;
}

export const listedRun = async (app: FastifyInstance, token: string, id: number) =>
  (await listedRuns(app, token)).find((r) => r.id === id);

/**
 * Sends a file, sees it queued, runs the queue as a worker would, and answers the run as the list
 * then shows it.
 */
export async function importThroughQueue(
  app: FastifyInstance,
  token: string,
  content: Buffer | string,
  options?: Parameters<typeof uploadBase>[3],
): Promise<ImportRunRow> {
  const res = await uploadBase(app, token, content, options);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().dados.situacao).toBe('na-fila');
  await runQueue(app);
  return (await listedRun(app, token, res.json().dados.id))!;
}

/** Every file the storage holds (uploads and rejected rows alike), sorted. */
export async function storedKeys(app: FastifyInstance): Promise<string[]> {
  const keys = [];
  for await (const entry of app.storage.entries()) keys.push(entry.key);
  return keys.sort();
}
