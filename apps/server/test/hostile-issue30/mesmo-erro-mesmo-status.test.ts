import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERRORS, type ClientErrorKind } from '@portal/domain/contracts/errors';
import { MAX_FILE_BYTES } from '@portal/domain';
import { baseProvedor } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, multipart, newUnitPayload, PDF } from '../support/requests.ts';

/**
 * Issue 30: the same kind of error always has the same status, whichever module finds it — the
 * one the domain's error catalogue (contracts/errors.ts) gives that kind. Each case below is one
 * kind sent to several routes of different modules; the test lists every route whose status
 * disagrees, so one outlier fails it.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
/** A request the requester filed, at its first status. */
let request: { id: number; version: number };
/** An open regularization, as the cell reads it. */
let regularization: { id: number; version: number };

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'solicitante', 'celula'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  const created = await call(
    t.app,
    tokens.solicitante!,
    '/api/novas-unidades/add',
    await newUnitPayload(t.app),
  );
  expect(created.statusCode, created.body).toBe(200);
  request = { id: created.json().dados.id, version: created.json().dados.version };
  const [base] = await t.app.db
    .select({ id: baseProvedor.id })
    .from(baseProvedor)
    .where(eq(baseProvedor.fluxo, 'energia'))
    .limit(1);
  const opened = await call(t.app, tokens.celula!, '/api/consolidacao/add', { id_con: base!.id });
  const read = await call(t.app, tokens.celula!, '/api/consolidacao/list', {
    id: opened.statusCode === 200 ? opened.json().dados.id : undefined,
  });
  // The seed may have opened one on that unit already: then edit the one open there.
  const open =
    opened.statusCode === 200
      ? read.json().dados
      : (await call(t.app, tokens.celula!, '/api/consolidacao/list', { status: 0 })).json().dados[0];
  regularization = { id: open.id, version: open.version };
});
afterAll(() => t.close());

interface Probe {
  /** What the call is, as the failure list names it. */
  name: string;
  send: () => Promise<{ statusCode: number; body: string }>;
}

const post =
  (who: string, url: string, payload: unknown): Probe['send'] =>
  () =>
    call(t.app, tokens[who]!, url, payload);
const get =
  (who: string, url: string): Probe['send'] =>
  () =>
    t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]!) });
const upload =
  (who: string, url: string, dados: unknown, files: Parameters<typeof multipart>[1]): Probe['send'] =>
  () => {
    const body = multipart(dados, files);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(tokens[who]!) },
    });
  };

/** Sends every probe and answers those whose status is not the catalogue's for `kind`. */
async function disagreeing(kind: ClientErrorKind, probes: Probe[]): Promise<string[]> {
  const expected = CLIENT_ERRORS[kind];
  const wrong: string[] = [];
  for (const probe of probes) {
    const res = await probe.send();
    const body = JSON.parse(res.body) as { error?: number; msg?: string };
    if (res.statusCode !== expected || body.error !== 1 || !body.msg)
      wrong.push(`${probe.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
  }
  return wrong;
}

const INVALID_CNPJ = '11.111.111/1111-11';
const company = {
  razao_social: 'Empresa Mesmo Erro Ltda',
  cnpj: '48.392.015/0001-79',
  cidade: 'São Paulo',
  cep: '01310-100',
  email: 'contato@mesmo-erro.example',
  telefone: '(11) 3333-4444',
};

describe('the same kind of error has the same status in every module (the error catalogue)', () => {
  it(`an invalid CNPJ is refused (${CLIENT_ERRORS.refused}): request, company, user and regularization saves`, async () => {
    expect(
      await disagreeing('refused', [
        {
          name: 'novas-unidades/add cnpj_solicitada',
          send: post(
            'solicitante',
            '/api/novas-unidades/add',
            await newUnitPayload(t.app, { cnpj_solicitada: INVALID_CNPJ }),
          ),
        },
        {
          name: 'empresas/add cnpj',
          send: post('admin', '/api/empresas/add', { ...company, cnpj: INVALID_CNPJ }),
        },
        {
          name: 'usuarios/add cnpj',
          send: post('admin', '/api/usuarios/add', {
            name: 'X',
            email: 'x@mesmo-erro.example',
            id_empresa: 1,
            id_grupo: 22845207,
            id_perfil: 2,
            cnpj: INVALID_CNPJ,
          }),
        },
        {
          name: 'consolidacao/edit cnpj_correto',
          send: post('celula', '/api/consolidacao/edit', { ...regularization, cnpj_correto: INVALID_CNPJ }),
        },
        {
          name: 'consolidacao/edit (multipart) cnpj_correto',
          send: upload(
            'celula',
            '/api/consolidacao/edit',
            { ...regularization, cnpj_correto: INVALID_CNPJ },
            [],
          ),
        },
      ]),
    ).toEqual([]);
  });

  it(`a well-formed value outside its list of options is refused (${CLIENT_ERRORS.refused}), in saves, lists and exports`, async () => {
    expect(
      await disagreeing('refused', [
        {
          name: 'novas-unidades/add id_tensao 99',
          send: post(
            'solicitante',
            '/api/novas-unidades/add',
            await newUnitPayload(t.app, { id_tensao: 99 }),
          ),
        },
        {
          name: 'novas-unidades/edit status 99',
          send: post('solicitante', '/api/novas-unidades/edit', { ...request, status: 99 }),
        },
        {
          name: 'consolidacao/edit status 99',
          send: post('celula', '/api/consolidacao/edit', { ...regularization, status: 99 }),
        },
        {
          name: 'de-para/add tipo desconhecido',
          send: post('admin', '/api/de-para/add', { tipo: 'planeta', de: 'X', para: 'Y' }),
        },
        {
          name: 'usuarios/add id_perfil 9',
          send: post('admin', '/api/usuarios/add', {
            name: 'X',
            email: 'y@mesmo-erro.example',
            id_empresa: 1,
            id_grupo: 22845207,
            id_perfil: 9,
          }),
        },
        {
          name: 'novas-unidades/list status 99',
          send: post('admin', '/api/novas-unidades/list', { status: 99 }),
        },
        {
          name: 'GET novas-unidades/list/exportar status 99',
          send: get('admin', '/api/novas-unidades/list/exportar?status=99'),
        },
        { name: 'usuarios/list status 5', send: post('admin', '/api/usuarios/list', { status: 5 }) },
        { name: 'empresas/list status 5', send: post('admin', '/api/empresas/list', { status: 5 }) },
        {
          name: 'concessionarias/list status 5',
          send: post('admin', '/api/concessionarias/list', { status: 5 }),
        },
        {
          name: 'novas-unidades/list sort desconhecido',
          send: post('admin', '/api/novas-unidades/list', { sort: 'planeta' }),
        },
        {
          name: 'usuarios/list sort desconhecido',
          send: post('admin', '/api/usuarios/list', { sort: 'planeta' }),
        },
        {
          name: 'usuarios/list sort fora do formato',
          send: post('admin', '/api/usuarios/list', { sort: '9planeta' }),
        },
        {
          name: 'consolidacao/list sort desconhecido',
          send: post('celula', '/api/consolidacao/list', { sort: 'planeta' }),
        },
        {
          name: 'novas-unidades/list order desconhecida',
          send: post('admin', '/api/novas-unidades/list', { order: 'lado' }),
        },
        {
          name: 'exportacoes origem desconhecida',
          send: post('admin', '/api/exportacoes', {
            origem: '/planeta/exportar',
            formato: 'xlsx',
            filtros: {},
          }),
        },
        {
          name: 'exportacoes filtros.status 99',
          send: post('admin', '/api/exportacoes', {
            origem: 'novas-unidades/list/exportar',
            formato: 'xlsx',
            filtros: { status: 99 },
          }),
        },
      ]),
    ).toEqual([]);
  });

  it(`a field of the wrong type is malformed (${CLIENT_ERRORS.malformed}): request, company, user, de-para, regularization, list, export`, async () => {
    expect(
      await disagreeing('malformed', [
        {
          name: 'login email',
          send: () =>
            t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 42, password: 'x' } }),
        },
        {
          name: 'novas-unidades/add regional texto',
          send: post(
            'solicitante',
            '/api/novas-unidades/add',
            await newUnitPayload(t.app, { regional: 'abc' }),
          ),
        },
        {
          name: 'novas-unidades/add endereco objeto',
          send: post(
            'solicitante',
            '/api/novas-unidades/add',
            await newUnitPayload(t.app, { endereco: { a: 1 } }),
          ),
        },
        {
          name: 'empresas/add razao_social número',
          send: post('admin', '/api/empresas/add', { ...company, razao_social: 42 }),
        },
        {
          name: 'usuarios/add id_empresa texto',
          send: post('admin', '/api/usuarios/add', {
            name: 'X',
            email: 'z@mesmo-erro.example',
            id_empresa: 'abc',
            id_grupo: 22845207,
            id_perfil: 2,
          }),
        },
        {
          name: 'de-para/add de lista',
          send: post('admin', '/api/de-para/add', { tipo: 'concessionaria', de: ['X'], para: 'Y' }),
        },
        {
          name: 'consolidacao/edit observacao número',
          send: post('celula', '/api/consolidacao/edit', { ...regularization, observacao: 42 }),
        },
        { name: 'usuarios/list page texto', send: post('admin', '/api/usuarios/list', { page: 'um' }) },
        {
          name: 'exportacoes filtros.page texto',
          send: post('admin', '/api/exportacoes', {
            origem: 'novas-unidades/list/exportar',
            formato: 'xlsx',
            filtros: { page: 'um' },
          }),
        },
      ]),
    ).toEqual([]);
  });

  it(`a field the call itself needs, missing, is malformed (${CLIENT_ERRORS.malformed}): login, request and regularization edits, de-para, company`, async () => {
    expect(
      await disagreeing('malformed', [
        {
          name: 'login sem password',
          send: () =>
            t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'celula@demo.portal' } }),
        },
        {
          name: 'novas-unidades/edit sem version',
          send: post('solicitante', '/api/novas-unidades/edit', { id: request.id }),
        },
        {
          name: 'consolidacao/edit sem version',
          send: post('celula', '/api/consolidacao/edit', { id: regularization.id }),
        },
        { name: 'consolidacao/add sem id_con', send: post('celula', '/api/consolidacao/add', {}) },
        {
          name: 'de-para/add sem de',
          send: post('admin', '/api/de-para/add', { tipo: 'concessionaria', para: 'Y' }),
        },
        {
          name: 'empresas/add sem razao_social',
          send: post('admin', '/api/empresas/add', { ...company, razao_social: undefined }),
        },
        {
          name: 'exportacoes sem origem',
          send: post('admin', '/api/exportacoes', { formato: 'xlsx', filtros: {} }),
        },
      ]),
    ).toEqual([]);
  });

  it(`a file over its size limit is too large (${CLIENT_ERRORS.tooLarge}): an attachment of a save and the base's preview`, async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_FILE_BYTES + 1 - PDF.length, 0x20)]);
    const csv = Buffer.from(`UC;Estado\n${'1;SP\n'.repeat(300_000)}`);
    expect(
      await disagreeing('tooLarge', [
        {
          name: 'consolidacao/edit anexo de 15 MB + 1',
          send: upload('celula', '/api/consolidacao/edit', regularization, [
            { field: 'anexo', filename: 'grande.pdf', contentType: 'application/pdf', data: big },
          ]),
        },
        {
          name: 'conciliacao/previa arquivo acima do limite',
          send: () => {
            const body = multipart({}, [
              { field: 'arquivo', filename: 'base.csv', contentType: 'text/csv', data: csv },
            ]);
            return t.app.inject({
              method: 'POST',
              url: '/api/conciliacao/previa?fluxo=energia',
              payload: body.payload,
              headers: { ...body.headers, ...bearer(tokens.admin!) },
            });
          },
        },
      ]),
    ).toEqual([]);
  });
});
