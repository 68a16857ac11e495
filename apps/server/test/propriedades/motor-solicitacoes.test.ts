import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import {
  deleteCallOf,
  ALL_FLOW_KINDS,
  codesOf,
  deleteBody,
  deleteRequestFileBody,
  DIRECTORATES,
  historyBody,
  listQuery,
  MARKETS,
  PAGE_SIZES,
  PAYMENT_TYPES,
  policyRole,
  recordScope,
  REGIONAL_IDS,
  REQUEST_FIELDS,
  REQUEST_STATUSES,
  REQUESTER_FIELDS,
  requestForm,
  requestSaveSchema,
  savedViewBody,
  savedViewEditBody,
  STORE_TYPES,
  SUPPLY_VOLTAGES,
  TARIFF_CLASSES,
  TARIFF_MODALITIES,
  TARIFF_SUBCLASSES,
  UF_CODES,
  validateAddressBody,
  validateUnitBody,
  visibleFields,
  visibleFiles,
  VOLTAGE_TYPES,
  type Flow,
  type Kind,
  type RequestStatus,
  type SessionUser,
} from '@portal/domain';
import { REQUEST_REPORT_FIELDS, requestReportColumns, requestReportQuery } from '@portal/domain/reports';
import type { z } from 'zod';
import { idBody } from '@portal/domain/contracts/envelopes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anexos, solicitacoes } from '../../src/db/schema.ts';
import { bulkMoveBody } from '@portal/domain/contracts/bulk-moves';
import { csvObjects } from '../support/csv.ts';
import {
  footprint,
  hostileFrom,
  jsonBody,
  RAW_BODIES,
  runParameters,
  secretsIn,
  send,
  startFixture,
  type Fixture,
  type Sent,
  type Session,
} from './support.ts';
import { arbitraryFrom, keysOf, type Hints } from './zod-arbitrary.ts';

/**
 * Issue 9 "Tests", the request engine: every call of the four request forms
 * (solicitacoes/routes.ts) and the attachment download, as every demo user, with payloads
 * generated from the domain's schemas and hostile ones. Whatever arrives: never a 5xx; a refusal
 * writes nothing (a checksum of every written table and the stored files); no answer carries a
 * request, field or file outside what the caller may read (recordScope, visibleFields,
 * visibleFiles). Replay a failure with FC_SEED=… FC_PATH=… as fast-check prints them.
 */
let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
  for (const { flow, kind } of ALL_FLOW_KINDS) formCalls(flow, kind);
  calls.push(downloadCall());
}, 60_000);
afterAll(() => f?.t.close());

type Row = {
  id: number;
  fluxo: Flow;
  tipo: Kind;
  status: number;
  regional: number | null;
  idEmpresa: number | null;
};

async function rowsOf(ids: number[]): Promise<Map<number, Row>> {
  const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  if (valid.length === 0) return new Map();
  const rows = await f.t.app.db
    .select({
      id: solicitacoes.id,
      fluxo: solicitacoes.fluxo,
      tipo: solicitacoes.tipo,
      status: solicitacoes.status,
      regional: solicitacoes.regional,
      idEmpresa: solicitacoes.idEmpresa,
    })
    .from(solicitacoes)
    .where(inArray(solicitacoes.id, valid));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The scope rule as the domain states it (recordScope), applied to a stored row. */
function readable(user: SessionUser, row: Row | undefined): boolean {
  if (!row) return false;
  switch (recordScope(user)) {
    case 'all':
      return true;
    case 'regional':
      return row.regional !== null && user.regionais.includes(row.regional);
    case 'empresa':
      return user.empresa !== null && row.idEmpresa === user.empresa;
  }
}

/** An id as the schemas accept it: a number, or a string of digits. */
const idIn = (value: unknown): number | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return undefined;
};

/** A raw JSON body the server would parse to an object, so its ids can be judged too. */
function parsedObject(raw: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = raw === undefined ? undefined : JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

interface Answer {
  session: Session;
  body: Record<string, unknown> | undefined;
  json: Record<string, unknown>;
  /** Stored rows the call named, as they were before it. */
  before: Map<number, Row>;
}

interface Call {
  name: string;
  method: 'GET' | 'POST';
  /** Valid-shaped and hostile bodies (POST) or path parameters (GET), for one caller. */
  sample: (session: Session) => fc.Arbitrary<Sent & { body?: Record<string, unknown> }>;
  /** Ids the call acts on, read before it so a write can be judged against the scope it had. */
  targets?: (body: Record<string, unknown> | undefined, url: string) => number[];
  /** What a 2xx answer of this call may not contain; returns the leaks found. */
  leaks?: (a: Answer) => Promise<string[]>;
}

const calls: Call[] = [];

function formCalls(flow: Flow, kind: Kind) {
  const form = requestForm(flow, kind);
  const base = `/api/${form.apiBase}`;
  // Mostly this form's requests, in every scope; now and then another form's.
  const own = f.requestIds.filter(
    (_, i) => Math.floor(i / 7) === ALL_FLOW_KINDS.findIndex((fk) => fk.flow === flow && fk.kind === kind),
  );
  const requestId = () =>
    fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...own) }, fc.constantFrom(...f.requestIds));
  const post = (
    name: string,
    schema: z.ZodType,
    hints: Hints,
    rest: Omit<Call, 'name' | 'method' | 'sample'> & { only?: (session: Session) => readonly string[] } = {},
  ): Call => {
    const { only, ...call } = rest;
    const generated = arbitraryFrom(schema, hints, only !== undefined);
    const validFor = (session: Session) => {
      if (!only) return generated;
      const keys = only(session);
      return generated.map((body) =>
        Object.fromEntries(Object.entries(body).filter(([k]) => keys.includes(k))),
      );
    };
    return {
      name: `${base}/${name}`,
      method: 'POST',
      sample: (session) => {
        const valid = validFor(session);
        return fc
          .oneof(
            { weight: 3, arbitrary: valid.map((body) => ({ body, ...jsonBody(body) })) },
            {
              weight: 3,
              arbitrary: hostileFrom(valid, keysOf(schema), requestId()).map((body) => ({
                body,
                ...jsonBody(body),
              })),
            },
            { weight: 1, arbitrary: RAW_BODIES.map(({ contentType, raw }) => ({ contentType, raw })) },
          )
          .map((s) => ({ method: 'POST' as const, url: `${base}/${name}`, ...s }));
      },
      ...call,
    };
  };
  const byId = (key: string) => (body: Record<string, unknown> | undefined) => {
    const id = idIn(body?.[key]);
    return id === undefined ? [] : [id];
  };
  /** A 2xx on a row of another scope is a write or read the caller had no right to. */
  const targetReadable =
    (key: string) =>
    async ({ session, body, before }: Answer) => {
      const id = idIn(body?.[key]);
      return id !== undefined && !readable(session.user, before.get(id))
        ? [`request ${id} outside scope`]
        : [];
    };
  const ofForm = (row: Row | undefined) => row?.fluxo === flow && row.tipo === kind;

  const codeHints: Hints = {
    tipo_de_loja: fc.constantFrom(...codesOf(STORE_TYPES)),
    tipo_de_pagamento: fc.constantFrom(...codesOf(PAYMENT_TYPES)),
    classe_tarifaria: fc.constantFrom(...codesOf(TARIFF_CLASSES)),
    subclasse_tarifaria: fc.constantFrom(...codesOf(TARIFF_SUBCLASSES)),
    modalidade_tarifaria: fc.constantFrom(...codesOf(TARIFF_MODALITIES)),
    tensao_fornecimento: fc.constantFrom(...codesOf(SUPPLY_VOLTAGES)),
    mercado: fc.constantFrom(...codesOf(MARKETS)),
    diretoria: fc.constantFrom(...codesOf(DIRECTORATES)),
    id_tensao: fc.constantFrom(...codesOf(VOLTAGE_TYPES), 'bt', 'mt'),
    tipo_site: fc.constantFrom(...form.siteTypes),
    status: fc.constantFrom(...REQUEST_STATUSES),
    regional: fc.constantFrom(...REGIONAL_IDS),
    uf: fc.constantFrom(...UF_CODES),
    cep: fc.constantFrom('04571000', '30130-010', '20031170'),
    cnpj_solicitada: fc.constantFrom('48392015000179', '74.261.539/0001-30', '52998224725'),
    id_concessionaria: fc.constantFrom(...f.rowIds.concessionarias),
    unidade: fc.constantFrom('UC-PROP-0', 'UC-PROP-1', 'uc-prop-2 ', 'UC-NOVA-1'),
    endereco_id: fc.constantFrom('END-0', 'END-1', 'end-2', 'END-NOVO'),
  };

  calls.push(
    post(
      'list',
      listQuery,
      {
        id: requestId(),
        status: fc.constantFrom(...REQUEST_STATUSES),
        per_page: fc.constantFrom(...PAGE_SIZES),
        sort: fc.constantFrom('id', 'unidade', 'status', 'data_pedido', 'constructor', 'password_hash'),
      },
      {
        targets: byId('id'),
        async leaks({ session, body, json }) {
          const dados = json.dados;
          if (!Array.isArray(dados)) {
            // One record: in scope, of this form, and only the fields and files this role sees.
            const record = dados as Record<string, unknown>;
            const row = (await rowsOf([record.id as number])).get(record.id as number);
            if (!readable(session.user, row) || !ofForm(row))
              return [`record ${String(record.id)} outside scope`];
            const role = policyRole(session.user.papel);
            const status = row!.status as RequestStatus;
            const fields = new Set<string>(visibleFields(form, role, status));
            const files = new Set<string>(visibleFiles(form, role, status));
            const hiddenFields = REQUEST_FIELDS.filter((k) => k in record && !fields.has(k));
            const shown = (record.anexos as { tipo: string }[] | undefined) ?? [];
            const hiddenFiles = shown.filter((a) => !files.has(a.tipo)).map((a) => `file ${a.tipo}`);
            return [...hiddenFields.map((k) => `hidden field ${k}`), ...hiddenFiles];
          }
          const ids = dados.map((r) => (r as { id: number }).id);
          const rows = await rowsOf(ids);
          const problems = ids.filter((id) => !readable(session.user, rows.get(id)) || !ofForm(rows.get(id)));
          const out = problems.map((id) => `row ${id} outside scope`);
          // Without filters the total is the number of this form's requests the caller may read.
          if (body && !('q' in body) && !('status' in body) && typeof json.total === 'number') {
            const all = await rowsOf(f.requestIds);
            const expected = [...all.values()].filter((r) => ofForm(r) && readable(session.user, r)).length;
            const extra =
              (await f.t.app.db.select({ id: solicitacoes.id }).from(solicitacoes)).length - all.size;
            // Requests the run itself created may add to the count; never beyond them.
            if (json.total < expected || json.total > expected + extra)
              out.push(`total ${json.total} ≠ ${expected}`);
          }
          return out;
        },
      },
    ),
    // What a creator may fill (CREATION_GRANT); the hostile variants add the rest.
    post(
      'add',
      requestSaveSchema(flow, kind),
      {
        ...codeHints,
        // A place that exists: the city and the concessionaire are checked against the UF.
        uf: fc.constant('SP'),
        municipio: fc.constantFrom('São Paulo', 'Campinas'),
        unidade: fc.oneof(fc.stringMatching(/^UCN[0-9]{6}$/), fc.constantFrom('UC-PROP-0', 'UC-PROP-1')),
        endereco_id: fc.stringMatching(/^EN[0-9]{6}$/),
        ...(f.spConcessionarias[flow]!.length
          ? { id_concessionaria: fc.constantFrom(...f.spConcessionarias[flow]!) }
          : {}),
      },
      {
        only: ({ user }) => [
          ...visibleFields(form, policyRole(user.papel), null).filter((k) =>
            (REQUESTER_FIELDS as readonly string[]).includes(k),
          ),
          'observacao',
        ],
        async leaks({ session, json }) {
          // What a user files stays readable to them (a regional never loses its own record).
          const id = (json.dados as { id?: number } | undefined)?.id;
          if (id === undefined) return [];
          const row = (await rowsOf([id])).get(id);
          return readable(session.user, row)
            ? []
            : [`created request ${id} falls outside the creator's scope`];
        },
      },
    ),
    post(
      'edit',
      requestSaveSchema(flow, kind),
      { ...codeHints, id: requestId(), version: fc.constantFrom(1, 1, 2) },
      {
        targets: byId('id'),
        leaks: targetReadable('id'),
      },
    ),
    ...(
      [
        ['validar-unidade', validateUnitBody],
        ['validar-endereco', validateAddressBody],
      ] as const
    ).map(([name, schema]) =>
      post(
        name,
        schema,
        { ...codeHints, id: requestId() },
        {
          async leaks({ session, json }) {
            const matches = (json.dados ?? []) as Record<string, unknown>[];
            const workflow = matches.filter((m) => m.origem === 'workflow');
            const rows = await rowsOf(
              workflow.map((m) => m.id).filter((id): id is number => typeof id === 'number'),
            );
            const out: string[] = [];
            for (const m of workflow) {
              if (m.id === null) {
                const details = ['UC', 'Rz_Social', 'Endereco', 'Bairro', 'Cidade', 'Estado', 'Status'];
                if (details.some((k) => m[k] !== '') || m.Concessionaria !== null)
                  out.push('details of a hidden match');
              } else if (!readable(session.user, rows.get(m.id as number)))
                out.push(`match ${String(m.id)} outside scope`);
            }
            return out;
          },
        },
      ),
    ),
    ...(['historicos', 'status', 'linha-do-tempo'] as const).map((name) =>
      post(
        name,
        historyBody,
        { id_unidade: requestId() },
        {
          targets: byId('id_unidade'),
          leaks: targetReadable('id_unidade'),
        },
      ),
    ),
    // Issue 34: one move on many rows; every row the answer names (a unit, or moved) is the caller's to see.
    post(
      'mover-em-lote',
      bulkMoveBody,
      {
        ...codeHints,
        // The rows ticked (the filter is left to the hostile variants and the module's own tests).
        solicitacoes: fc.uniqueArray(fc.record({ id: requestId(), version: fc.constantFrom(1, 1, 2) }), {
          minLength: 1,
          maxLength: 4,
          selector: (r) => r.id,
        }),
        filtro: fc.constant(undefined),
      },
      {
        targets: (body) =>
          (Array.isArray(body?.solicitacoes) ? (body.solicitacoes as { id?: unknown }[]) : []).flatMap(
            (r) => idIn(r?.id) ?? [],
          ),
        async leaks({ session, json, before }) {
          const results = (json.resultados ?? []) as {
            id: number;
            unidade: string | null;
            resultado: string;
          }[];
          const named = results.filter((r) => r.unidade !== null || r.resultado !== 'recusada');
          const after = await rowsOf(named.map((r) => r.id));
          return named
            .filter((r) => {
              const row = before.get(r.id) ?? after.get(r.id);
              return !readable(session.user, row) || !ofForm(row);
            })
            .map((r) => `bulk row ${r.id} outside scope`);
        },
      },
    ),
    post(
      'apagar-arquivos',
      deleteRequestFileBody,
      { id: requestId() },
      {
        targets: byId('id'),
        leaks: targetReadable('id'),
      },
    ),
  );

  // Exportar on the list, and the form's report and its export: every row the file or the page
  // holds is of this form, in the caller's scope, with only the fields and files its role sees.
  const headers = requestReportColumns(String);
  const fieldOfHeader = new Map(
    headers.flatMap((c) => {
      const field = REQUEST_REPORT_FIELDS[c.key] ?? (c.kind === 'file' ? c.key : undefined);
      return field ? [[c.header, field] as const] : [];
    }),
  );
  async function rowLeaks(session: Session, rows: Record<string, string | number | null>[]) {
    const ids = rows.map((r) => Number(r.id));
    const stored = await rowsOf(ids);
    const role = policyRole(session.user.papel);
    return rows.flatMap((r) => {
      const row = stored.get(Number(r.id));
      if (!readable(session.user, row) || !ofForm(row)) return [`exported row ${String(r.id)} outside scope`];
      const status = row!.status as RequestStatus;
      const shown = new Set<string>([
        ...visibleFields(form, role, status),
        ...visibleFiles(form, role, status),
      ]);
      return Object.entries(r)
        .filter(([key, value]) => value !== null && value !== '' && fieldOfHeader.has(key))
        .filter(([key]) => !shown.has(fieldOfHeader.get(key)!))
        .map(([key]) => `hidden ${key} of ${String(r.id)} exported`);
    });
  }
  /** The rows of a csv the portal wrote, by header; an xlsx (or anything else) yields none. */
  const csvRows = (text: string) =>
    text.startsWith('\uFEFF') ? csvObjects(text).map(({ ID, ...row }) => ({ ...row, id: ID ?? null })) : [];
  const exportQuery = fc.record(
    {
      q: fc.constantFrom('UC-PROP', 'end-1', '%', '_', 'x'.repeat(300), '04571000'),
      status: fc.constantFrom(...REQUEST_STATUSES, -1, 'abc'),
      sort: fc.constantFrom('id', 'unidade', 'data_pedido', 'constructor', 'password_hash'),
      order: fc.constantFrom('asc', 'desc', 'up'),
      formato: fc.constantFrom('csv', 'csv', 'xlsx', 'pdf'),
      de: fc.constantFrom('2026-01-01', '2026-02-30', '0099-12-31'),
      id_regional: fc.constantFrom(...REGIONAL_IDS),
    },
    { requiredKeys: [] },
  );
  const download = (name: string): Call => ({
    name: `${base}/${name}`,
    method: 'GET',
    sample: () =>
      exportQuery.map((query) => ({
        method: 'GET' as const,
        url: `${base}/${name}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      })),
    targets: () => [],
    leaks: ({ session, json }) => rowLeaks(session, csvRows(String(json.__body ?? ''))),
  });
  const reportPage = post('relatorio', requestReportQuery, { status: fc.constantFrom(...REQUEST_STATUSES) });
  calls.push(download('list/exportar'), download('relatorio/exportar'), {
    ...reportPage,
    async leaks({ session, json }) {
      const rows = (json.dados ?? []) as Record<string, string | number | null>[];
      const byHeader = rows.map((r) =>
        Object.fromEntries(
          Object.entries(r).map(([key, v]) => [headers.find((c) => c.key === key)?.header ?? key, v]),
        ),
      );
      return rowLeaks(
        session,
        byHeader.map((r, i) => ({ ...r, id: rows[i]!.id ?? null })),
      );
    },
  });

  // The list's saved views (issue 34 step 5): each user's own, behind the list's rule.
  const viewHints: Hints = {
    id: fc.constantFrom(1, 2, 3, 999_999),
    version: fc.constantFrom(1, 2),
    por_pagina: fc.constantFrom(...PAGE_SIZES),
  };
  calls.push(
    // The list takes no body: a stray one must change nothing.
    post('visoes/list', idBody, viewHints),
    post('visoes/add', savedViewBody, viewHints),
    post('visoes/edit', savedViewEditBody, viewHints),
    post('visoes/delete', idBody, viewHints),
  );

  // Every form has its delete call (the spec's two, and the new-unit forms' for the author's withdrawal).
  const call = post(
    'delete',
    deleteBody,
    { id: requestId() },
    { targets: byId('id'), leaks: targetReadable('id') },
  );
  const url = `/api/${deleteCallOf(flow, kind)}`;
  calls.push({ ...call, name: url, sample: (session) => call.sample(session).map((s) => ({ ...s, url })) });
}

function downloadCall(): Call {
  return {
    name: '/api/arquivos/{id}',
    method: 'GET',
    sample: () =>
      fc
        .oneof(
          { weight: 4, arbitrary: fc.constantFrom(...f.attachmentIds).map(String) },
          {
            weight: 1,
            arbitrary: fc.constantFrom('0', '-1', '2147483648', '1e3', 'abc', '%00', '%F0%9F', '1.5', ''),
          },
        )
        .map((param) => ({ method: 'GET' as const, url: `/api/arquivos/${param}` })),
    targets: () => [],
    async leaks({ session, json }) {
      const id = Number(json.__param);
      const [file] = await f.t.app.db
        .select({ tipo: anexos.tipo, idSolicitacao: anexos.idSolicitacao })
        .from(anexos)
        .where(eq(anexos.id, id));
      const row = file && (await rowsOf([file.idSolicitacao])).get(file.idSolicitacao);
      if (!file || !readable(session.user, row)) return [`attachment ${id} outside scope`];
      const shown = visibleFiles(
        requestForm(row!.fluxo, row!.tipo),
        policyRole(session.user.papel),
        row!.status as RequestStatus,
      );
      return shown.some((slot) => slot === file.tipo)
        ? []
        : [`attachment ${id} (${file.tipo}) hidden from the role`];
    },
  };
}

describe('the request engine under generated and hostile payloads, as every demo user', () => {
  it('covers every call of solicitacoes/routes.ts', async () => {
    const doc = (await f.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const formTitles = new Set([
      ...ALL_FLOW_KINDS.map(({ flow, kind }) => requestForm(flow, kind).title),
      'Arquivos',
    ]);
    const declared = Object.entries(doc.paths)
      .filter(([, ops]) => Object.values(ops).some((op) => op.tags?.some((tag) => formTitles.has(tag))))
      .map(([p]) => p)
      .sort();
    expect(declared).toEqual(calls.map((c) => c.name).sort());
  });

  it('never a 5xx; a refusal writes nothing; no request, field or file outside the caller’s reach', async () => {
    const answered: Record<number, number> = { 2: 0, 3: 0, 4: 0, 5: 0 };
    const stats: Record<string, number> = {};
    const cases = fc
      .tuple(fc.constantFrom(...f.sessions), fc.constantFrom(...calls))
      .chain(([session, call]) =>
        call.sample(session).map((sent) => ({
          session,
          call,
          sent: { ...sent, body: sent.body ?? parsedObject(sent.raw) },
          [fc.toStringMethod]: () =>
            `${session.email} ${sent.method} ${sent.url} ${sent.contentType ?? ''} ${sent.raw ?? ''}`,
        })),
      );

    await fc.assert(
      fc.asyncProperty(cases, async ({ session, call, sent }) => {
        const before = await footprint(f.t);
        const targets = call.targets?.(sent.body, sent.url) ?? [];
        const rowsBefore = await rowsOf(targets);
        const res = await send(f.t, session, sent);
        answered[Math.floor(res.statusCode / 100)]! += 1;
        if (process.env.FC_STATS)
          stats[`${call.name} ${res.statusCode}`] = (stats[`${call.name} ${res.statusCode}`] ?? 0) + 1;
        const where = `${session.email} ${sent.method} ${sent.url} ${sent.raw?.slice(0, 300) ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        expect(secretsIn(res.body, f.sessions, session), where).toEqual([]);
        if (res.statusCode >= 400) {
          expect(await footprint(f.t), where).toEqual(before);
          return;
        }
        if (!res.headers['content-type']?.toString().startsWith('application/json')) {
          // A download: the file must be one the caller may read.
          const param = sent.url.split('/').pop();
          const leaks = await call.leaks?.({
            session,
            body: undefined,
            json: { __param: param, __body: res.body },
            before: rowsBefore,
          });
          expect(leaks ?? [], where).toEqual([]);
          return;
        }
        const leaks = await call.leaks?.({ session, body: sent.body, json: res.json(), before: rowsBefore });
        expect(leaks ?? [], where).toEqual([]);
      }),
      runParameters(400),
    );
    if (process.env.FC_STATS)
      console.log(
        Object.entries(stats)
          .sort()
          .map(([k, n]) => `${k}: ${n}`)
          .join('\n'),
      );
    // The run must reach the handlers, not only the guards and the schemas.
    expect(answered[2], JSON.stringify(answered)).toBeGreaterThan(30);
  }, 120_000);
});
