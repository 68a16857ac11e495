import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { concessionarias } from '../../src/db/schema.ts';
import { bearer } from './test-app.ts';

/** A complete energy new-unit payload as the requester's form sends it (regional 7 = TSP). */
export async function newUnitPayload(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const [enel] = await app.db
    .select()
    .from(concessionarias)
    .where(eq(concessionarias.nome, 'Enel Distribuição São Paulo'));
  return {
    endereco_id: `SP${Math.floor(Math.random() * 1e8)}`,
    site_id: 'SPSIT01',
    regional: 7,
    cep: '01310-100',
    uf: 'SP',
    municipio: 'São Paulo',
    endereco: 'Avenida Paulista',
    numero: '1000',
    bairro: 'Bela Vista',
    complemento: 'Torre B',
    cnpj_solicitada: '48.392.015/0001-79',
    id_concessionaria: enel!.id,
    unidade: `UC${Math.floor(Math.random() * 1e9)}`,
    numero_medidor: 'MED123',
    id_tensao: 1,
    tipo_site: 1,
    ...overrides,
  };
}

/** The same for a unit in Rio de Janeiro, filed for TRJ (regional 5), the regional that serves RJ. */
export async function rioUnitPayload(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const [light] = await app.db.select().from(concessionarias).where(eq(concessionarias.nome, 'Light'));
  return newUnitPayload(app, {
    regional: 5,
    uf: 'RJ',
    municipio: 'Rio de Janeiro',
    cep: '20040-000',
    id_concessionaria: light!.id,
    ...overrides,
  });
}

export const call = (app: FastifyInstance, token: string, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });

/** Reads one request back through the API, as the form does. */
export async function readRequest(app: FastifyInstance, token: string, base: string, id: number) {
  const res = await call(app, token, `/api/${base}/list`, { id });
  if (res.statusCode !== 200) throw new Error(`read ${id}: ${res.statusCode} ${res.body}`);
  return res.json().dados as Record<string, unknown> & { id: number; status: number; version: number };
}

/** A multipart body with a JSON part `dados` and file parts, built by hand for inject(). */
export function multipart(
  dados: unknown,
  files: { field: string; filename: string; contentType: string; data: Buffer }[],
) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="dados"\r\n\r\n${JSON.stringify(dados)}\r\n`,
    ),
  ];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
