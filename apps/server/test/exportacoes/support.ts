import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { exportacoes } from '../../src/db/schema.ts';
import { bearer } from '../support/test-app.ts';

/** POST /api/exportacoes as the web's Exportar sends it. */
export const askExport = (app: FastifyInstance, token: string, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/exportacoes', payload: payload as object, headers: bearer(token) });

export const get = (app: FastifyInstance, token: string, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(token) });

/** The row as the database holds it (what no API answer hides). */
export const storedExport = async (app: FastifyInstance, id: number) =>
  (await app.db.select().from(exportacoes).where(eq(exportacoes.id, id)))[0]!;

/** Every key in the storage right now, sorted. */
export async function storedKeys(app: FastifyInstance): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of app.storage.entries()) keys.push(entry.key);
  return keys.sort();
}

/** The workbook's first sheet as plain values, header first (dates as ISO strings). */
export async function sheetValues(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  return { name: sheet.name, rows: JSON.parse(JSON.stringify(sheet.getSheetValues())) as unknown[] };
}
