import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { regionalSaveBody } from '@portal/domain';
import { anexos, auditLog, regionais, solicitacoes, usuarios } from '../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from './support/test-app.ts';
import { call, multipart, newUnitPayload, PDF, PNG, readRequest } from './support/requests.ts';

/**
 * Issue 9, hole 9: input the schemas did not expect used to reach SQL and answer 500. Every such
 * input now answers 4xx with a Portuguese message naming the field by its label, and writes nothing.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
/** A request at status 2, where the cell edits Previsão de Ativação and the protocol. */
let atCell: { id: number; version: number };

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'solicitante', 'regional', 'celula'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  const created = await call(
    t.app,
    tokens.solicitante!,
    '/api/novas-unidades/add',
    await newUnitPayload(t.app),
  );
  const id = created.json().dados.id as number;
  const moved = await call(t.app, tokens.regional!, '/api/novas-unidades/edit', {
    id,
    version: 1,
    status: 2,
  });
  atCell = { id, version: moved.json().dados.version };
});
afterAll(() => t.close());

const count = async (
  table: typeof solicitacoes | typeof anexos | typeof auditLog | typeof regionais | typeof usuarios,
) => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/** Everything a refused call could have written: rows, audit entries and stored files. */
async function written() {
  const entries = await readdir(path.join(t.config.dataDir, 'uploads'), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return {
    requests: await count(solicitacoes),
    attachments: await count(anexos),
    audit: await count(auditLog),
    regionals: await count(regionais),
    users: await count(usuarios),
    files: entries.filter((e) => e.isFile()).map((e) => e.name),
  };
}

/** Runs a call and asserts the refusal: 4xx, the envelope, and nothing written. */
async function refused(
  send: () => Promise<{ statusCode: number; json(): { error: number; msg: string; campo?: string } }>,
) {
  const before = await written();
  const res = await send();
  expect(res.statusCode, JSON.stringify(res.json())).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(res.json().error).toBe(1);
  expect(await written()).toEqual(before);
  return res.json();
}

const ownershipDocuments = (fatura: { contentType: string }) => [
  { field: 'fatura', filename: 'fatura.pdf', data: PDF, ...fatura },
  { field: 'comprovante_pagamento', filename: 'comprovante.png', contentType: 'image/png', data: PNG },
  { field: 'autorizacao', filename: 'autorizacao.pdf', contentType: 'application/pdf', data: PDF },
];

const sendMultipart = (
  url: string,
  body: { payload: Buffer; headers: Record<string, string> },
  who = 'solicitante',
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tokens[who]!) },
  });

describe('NUL bytes and lone UTF-16 surrogates in text are refused by field', () => {
  it('a NUL byte in Endereço → 422 "O campo Endereço contém caracteres inválidos."', async () => {
    const payload = await newUnitPayload(t.app, { endereco: 'Rua A\u0000; drop table' });
    const body = await refused(() => call(t.app, tokens.solicitante!, '/api/novas-unidades/add', payload));
    expect(body).toMatchObject({ campo: 'endereco', msg: 'O campo Endereço contém caracteres inválidos.' });
  });

  it('a lone surrogate in an administration form → 422 naming the field, not stored as U+FFFD', async () => {
    const body = await refused(() =>
      call(t.app, tokens.admin!, '/api/regional/add', {
        regional: 'TX\ud800',
        gestor: 'Gestor',
        email_gestor: 'g@demo.portal',
      }),
    );
    expect(body).toMatchObject({ campo: 'regional', msg: 'O campo Regional contém caracteres inválidos.' });
  });

  it('a NUL byte in the quick search of a list → 422 naming Busca', async () => {
    const body = await refused(() => call(t.app, tokens.admin!, '/api/usuarios/list', { q: 'ad\u0000min' }));
    expect(body).toMatchObject({ campo: 'q', msg: 'O campo Busca contém caracteres inválidos.' });
  });

  it('a surrogate pair (an emoji) is a character like any other and is kept', async () => {
    const res = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { complemento: 'Torre 🏢' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await readRequest(t.app, tokens.solicitante!, 'novas-unidades', res.json().dados.id)).complemento,
    ).toBe('Torre 🏢');
  });
});

describe('impossible dates are refused by field', () => {
  it.each(['0000-01-01', '2023-02-29', '2024-13-01'])(
    'Previsão de Ativação %s → 422 naming the field',
    async (date) => {
      const body = await refused(() =>
        call(t.app, tokens.celula!, '/api/novas-unidades/edit', { ...atCell, data_ativacao: date }),
      );
      expect(body).toMatchObject({
        campo: 'data_ativacao',
        msg: 'O campo Previsão de Ativação deve ser uma data válida (AAAA-MM-DD).',
      });
    },
  );
});

describe('ids outside PostgreSQL integer (above 2³¹−1, or not positive) are refused by field', () => {
  it.each([
    ['/api/novas-unidades/historicos', { id_unidade: 2_147_483_648 }, 'id_unidade'],
    ['/api/novas-unidades/list', { id: 2_147_483_648 }, 'id'],
    ['/api/unidades/delete', { id: 2_147_483_648 }, 'id'],
    ['/api/novas-unidades/apagar-arquivos', { id: 9_999_999_999, tipo: 'complementar' }, 'id'],
    ['/api/usuarios/delete', { id: 2_147_483_648 }, 'id'],
    ['/api/regional/delete', { id: -1 }, 'id'],
  ])('%s %j → 400 "O campo ID é inválido."', async (url, payload, campo) => {
    const body = await refused(() => call(t.app, tokens.admin!, url, payload));
    expect(body).toMatchObject({ campo, msg: 'O campo ID é inválido.' });
  });

  it('a reference above 2³¹−1 in a save → 400 naming the field', async () => {
    const payload = await newUnitPayload(t.app, { id_concessionaria: 2_147_483_648 });
    const body = await refused(() => call(t.app, tokens.solicitante!, '/api/novas-unidades/add', payload));
    expect(body).toMatchObject({ campo: 'id_concessionaria', msg: 'O campo Concessionária é inválido.' });
  });

  it.each(['2147483648', '-1', '0'])('GET /api/arquivos/%s → 400 "O campo ID é inválido."', async (id) => {
    const body = await refused(() =>
      t.app.inject({ method: 'GET', url: `/api/arquivos/${id}`, headers: bearer(tokens.admin!) }),
    );
    expect(body).toMatchObject({ campo: 'id', msg: 'O campo ID é inválido.' });
  });

  it('a status filter beyond what a status code holds → 400 naming Status', async () => {
    const body = await refused(() =>
      call(t.app, tokens.admin!, '/api/novas-unidades/list', { status: 40_000 }),
    );
    expect(body).toMatchObject({ campo: 'status', msg: 'Status inválido.' });
  });
});

describe('sort names that are members of every object are refused', () => {
  it.each([
    ['/api/usuarios/list', '__proto__'],
    ['/api/usuarios/list', 'constructor'],
    ['/api/regional/list', 'constructor'],
    ['/api/status-rotulos/list', '__proto__'],
    ['/api/novas-unidades/list', '__proto__'],
    ['/api/agua/unidades/list', 'constructor'],
  ])('%s sort %s → 4xx "Ordenação inválida."', async (url, sort) => {
    const body = await refused(() => call(t.app, tokens.admin!, url, { sort }));
    expect(body).toMatchObject({ campo: 'sort', msg: 'Ordenação inválida.' });
  });
});

describe('malformed multipart bodies are the client’s fault (400), not the server’s', () => {
  it('multipart without a boundary → 400 in Portuguese, nothing written', async () => {
    const body = multipart(
      await newUnitPayload(t.app),
      ownershipDocuments({ contentType: 'application/pdf' }),
    );
    const res = await refused(() =>
      sendMultipart('/api/unidades/add', { ...body, headers: { 'content-type': 'multipart/form-data' } }),
    );
    expect(res.msg).toBe('O envio chegou incompleto ou malformado. Tente novamente.');
  });

  it('multipart cut short in the middle of a file → 400, and the part already written is removed', async () => {
    const body = multipart(
      await newUnitPayload(t.app),
      ownershipDocuments({ contentType: 'application/pdf' }),
    );
    const cut = { ...body, payload: body.payload.subarray(0, body.payload.length - 40) };
    const res = await refused(() => sendMultipart('/api/unidades/add', cut));
    expect(res.msg).toBe('O envio chegou incompleto ou malformado. Tente novamente.');
  });

  it('a file part declaring a content type over 100 characters → 400 naming the file', async () => {
    const body = multipart(
      await newUnitPayload(t.app),
      ownershipDocuments({ contentType: `application/${'x'.repeat(120)}` }),
    );
    const res = await refused(() => sendMultipart('/api/unidades/add', body));
    expect(res).toMatchObject({ campo: 'fatura', msg: 'O tipo de conteúdo do arquivo Fatura é inválido.' });
  });

  it('a `dados` part sent as application/json is read like a text part', async () => {
    const dados = await newUnitPayload(t.app);
    const body = multipart(dados, ownershipDocuments({ contentType: 'application/pdf' }));
    const asJson = Buffer.from(
      body.payload
        .toString('latin1')
        .replace('name="dados"\r\n', 'name="dados"\r\nContent-Type: application/json\r\n'),
      'latin1',
    );
    const res = await sendMultipart('/api/unidades/add', { ...body, payload: asJson });
    expect(res.statusCode, res.body).toBe(200);
    expect((await readRequest(t.app, tokens.solicitante!, 'unidades', res.json().dados.id)).unidade).toBe(
      dados.unidade,
    );
  });
});

describe('Tipo de Protocolo is the smallint code it is stored as', () => {
  it('typing "Email" → 400 "O campo Tipo de Protocolo deve ser um número…", not "Erro interno"', async () => {
    const body = await refused(() =>
      call(t.app, tokens.celula!, '/api/novas-unidades/edit', { ...atCell, id_protocolo: 'Email' }),
    );
    expect(body).toMatchObject({
      campo: 'id_protocolo',
      msg: 'O campo Tipo de Protocolo deve ser um número inteiro de 1 a 32767.',
    });
  });

  it('a code beyond smallint → 400 with the same message', async () => {
    const body = await refused(() =>
      call(t.app, tokens.celula!, '/api/novas-unidades/edit', { ...atCell, id_protocolo: 40_000 }),
    );
    expect(body.campo).toBe('id_protocolo');
  });

  it('a code, as the form sends it (a numeric string), is stored and read back', async () => {
    const res = await call(t.app, tokens.celula!, '/api/novas-unidades/edit', {
      ...atCell,
      id_protocolo: '3',
      protocolo: 'PRT-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    atCell.version = res.json().dados.version;
    expect(await readRequest(t.app, tokens.celula!, 'novas-unidades', atCell.id)).toMatchObject({
      id_protocolo: 3,
      protocolo: 'PRT-1',
    });
  });
});

describe('messages name the field by its label, never by its key', () => {
  it('focal1 of a regional → "O campo E-mail do Focal 1 …", not "focal1: …"', async () => {
    const body = await refused(() =>
      call(t.app, tokens.admin!, '/api/regional/add', {
        regional: 'TXX',
        gestor: 'G',
        email_gestor: 'g@demo.portal',
        focal1: 42,
      }),
    );
    expect(body).toMatchObject({ campo: 'focal1', msg: 'O campo E-mail do Focal 1 é inválido.' });
  });

  it('per_page of a list → "Quantidade por página inválida.", not "per_page: …"', async () => {
    const body = await refused(() => call(t.app, tokens.admin!, '/api/usuarios/list', { per_page: 7 }));
    expect(body).toMatchObject({ campo: 'per_page', msg: 'Quantidade por página inválida.' });
  });

  it("zod's own type errors name the field by its label too", () => {
    const schema = z.object({ focal2: z.string(), nome_focal3: z.string() });
    const issues = schema.safeParse({ focal2: 1 }).error!.issues.map((i) => i.message);
    expect(issues).toEqual([
      'O campo E-mail do Focal 2 é inválido.',
      'O campo Nome do Focal 3 é obrigatório.',
    ]);
    expect(
      regionalSaveBody.safeParse({
        regional: 'T',
        gestor: 'G',
        email_gestor: 'g@demo.portal',
        nome_focal4: 5,
      }).error!.issues[0]!.message,
    ).toBe('O campo Nome do Focal 4 é inválido.');
  });
});

describe('a value the schemas miss but the database refuses', () => {
  it('answers 400 in Portuguese, never 500, and writes nothing', async () => {
    const body = await refused(() =>
      call(t.app, tokens.admin!, '/api/usuarios/add', {
        name: 'Fulano',
        email: 'fulano@demo.portal',
        id_empresa: 1,
        id_grupo: 22845207,
        id_perfil: 4,
        regionais: [2_147_483_648],
      }),
    );
    expect(body.msg).toMatch(/inválid/);
  });
});
