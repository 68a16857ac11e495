import fc from 'fast-check';
import { ALL_FLOW_KINDS, recordScope, REQUEST_FIELDS, requestForm, type SessionUser } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { empresas, solicitacoes, usuarios } from '../../src/db/schema.ts';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';

/**
 * Issue 9 "Tests": generated and hostile payloads thrown at every call of the API, as every demo
 * role. Whatever arrives: never a 5xx; a refusal writes nothing; no answer carries a request
 * outside the caller's scope. The calls are read from /api/docs, so a new call is covered the day
 * it is declared. zod-fast-check does not support zod 4, so the payloads come from the domain's
 * field names and values chosen to break each kind of column.
 * Reproduce a failure with FC_SEED=<seed printed by fast-check>.
 */
let t: TestApp;
const sessions: { email: string; token: string; user: SessionUser }[] = [];
const calls: { method: 'GET' | 'POST'; path: string }[] = [];
const requestIds: number[] = [];

/** Calls that end or change the caller's own session, or need none: not for a role's fuzzing. */
const SKIPPED = new Set([
  '/api/logout',
  '/api/change-password',
  '/api/lost-password',
  '/api/change-password-new',
]);
/** Asks an outside service (ViaCEP); without it the call degrades to 503 by design. */
const OUTSIDE_SERVICE = '/api/cep/{cep}';

const ROLES = ['admin', 'celula', 'regional', 'amee', 'tower', 'property', 'solicitante', 'consulta'];

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) {
    const email = `${role}@demo.portal`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    sessions.push({ email, ...(res.json() as { token: string; user: SessionUser }) });
  }
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (SKIPPED.has(path) || path === OUTSIDE_SERVICE || path === '/api/login') continue;
    for (const method of Object.keys(operations))
      calls.push({ method: method.toUpperCase() as 'GET' | 'POST', path });
  }
  // Requests in several scopes (regionals, companies, flows), so a leak has something to show.
  const [owner] = await t.app.db
    .select()
    .from(usuarios)
    .where(sql`email = 'solicitante@demo.portal'`);
  const companies = await t.app.db.select({ id: empresas.id }).from(empresas);
  for (const [i, regional] of [1, 3, 5, 7].entries()) {
    for (const [fluxo, tipo] of [
      ['energia', 'nova'],
      ['agua', 'troca'],
    ] as const) {
      const [row] = await t.app.db
        .insert(solicitacoes)
        .values({
          fluxo,
          tipo,
          status: i % 2 ? 2 : 0,
          regional,
          idUsuario: owner!.id,
          idEmpresa: companies[i % companies.length]!.id,
          unidade: `UCPROP${i}${fluxo}`,
          enderecoId: `ENDPROP${i}`,
          uf: 'SP',
        })
        .returning({ id: solicitacoes.id });
      requestIds.push(row!.id);
    }
  }
});
afterAll(() => t.close());

/** Everything a refused call could have written: row counts and the sum of every version. */
const footprint = async () =>
  (
    (await t.app.db.execute(sql`select
      (select count(*) from solicitacoes) s, (select coalesce(sum(version), 0) from solicitacoes) sv,
      (select count(*) from usuarios) u, (select coalesce(sum(version), 0) from usuarios) uv,
      (select count(*) from grupos) g, (select coalesce(sum(version), 0) from grupos) gv,
      (select count(*) from empresas) e, (select coalesce(sum(version), 0) from empresas) ev,
      (select count(*) from regionais) r, (select coalesce(sum(version), 0) from regionais) rv,
      (select count(*) from concessionarias) c, (select coalesce(sum(version), 0) from concessionarias) cv,
      (select coalesce(sum(version), 0) from status_rotulos) lv,
      (select count(*) from anexos) a, (select count(*) from historico_status) hs,
      (select count(*) from historico_observacoes) ho, (select count(*) from audit_log) al,
      (select count(*) from password_resets) pr`)) as { rows: unknown[] }
  ).rows[0];

const FORM_PREFIXES = ALL_FLOW_KINDS.map(({ flow, kind }) => `/api/${requestForm(flow, kind).apiBase}/`);

/**
 * The request ids a call of a request form reveals: list rows, one record, duplicate matches,
 * or the request whose histories it answered.
 */
function requestIdsIn(path: string, sent: unknown, body: unknown): number[] {
  if (!FORM_PREFIXES.some((prefix) => path.startsWith(prefix))) return [];
  if (/\/(historicos|status)$/.test(path)) {
    const id = (sent as { id_unidade?: unknown }).id_unidade;
    return typeof id === 'number' ? [id] : [];
  }
  const dados = (body as { dados?: unknown } | null)?.dados;
  const ids = (items: unknown[]) =>
    items.map((item) => (item as { id?: unknown }).id).filter((id): id is number => typeof id === 'number');
  if (Array.isArray(dados)) return ids(dados);
  return dados && typeof dados === 'object' ? ids([dados]) : [];
}

async function outOfScope(user: SessionUser, ids: number[]): Promise<number[]> {
  if (ids.length === 0 || recordScope(user) === 'all') return [];
  const rows = await t.app.db
    .select({ id: solicitacoes.id, regional: solicitacoes.regional, idEmpresa: solicitacoes.idEmpresa })
    .from(solicitacoes)
    .where(sql`${solicitacoes.id} in ${ids}`);
  return rows
    .filter((r) =>
      recordScope(user) === 'regional'
        ? !user.regionais.includes(r.regional ?? -1)
        : r.idEmpresa !== user.empresa,
    )
    .map((r) => r.id);
}

const hostileText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x'.repeat(5000),
    '0000-01-01',
    '2026-02-30',
    'Email',
    ' ',
    '__proto__',
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(2 ** 31, -1, 0, 1.5, Number.MAX_SAFE_INTEGER, 1e308, 32_768),
);
const anyValue = fc.oneof(
  hostileText,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
const KEYS = [
  ...REQUEST_FIELDS,
  ...['id', 'version', 'status', 'page', 'per_page', 'sort', 'order', 'q', 'id_unidade', 'tipo'],
  ...[
    'name',
    'email',
    'id_empresa',
    'id_grupo',
    'id_perfil',
    'regionais',
    'cnpj',
    'razao_social',
    'telefone',
  ],
  ...['papel', 'usuarios', 'cadastro', 'password', 'confirmar_duplicidade', '__proto__', 'constructor'],
];

describe('hostile payloads at every call, as every role', () => {
  it('never a 5xx; a refusal writes nothing; no request outside the caller’s scope in an answer', async () => {
    const answered: Record<number, number> = { 2: 0, 3: 0, 4: 0, 5: 0 };
    const idOfAnotherScope = () => fc.constantFrom(...requestIds);
    const payload = fc.oneof(
      fc.dictionary(fc.constantFrom(...KEYS), anyValue, { maxKeys: 8 }),
      // Well-formed reads by id, aimed at every scope's requests.
      idOfAnotherScope().map((id) => ({ id })),
      idOfAnotherScope().map((id) => ({ id_unidade: id })),
      fc.record({
        unidade: fc.constantFrom('UCPROP0energia', 'UCPROP1agua', 'UCPROP2energia', 'UCPROP3agua'),
      }),
    );
    const pathParam = fc.oneof(
      fc.constantFrom(...requestIds.map(String), 'SP', '0', '-1', '2147483648', 'abc', '%00'),
    );

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sessions),
        fc.constantFrom(...calls),
        payload,
        pathParam,
        async (session, call, body, param) => {
          const url = call.path.replace(/\{[^}]+\}/, encodeURIComponent(param));
          const before = await footprint();
          const res = await t.app.inject({
            method: call.method,
            url,
            headers: bearer(session.token),
            ...(call.method === 'POST' ? { payload: body } : {}),
          });
          answered[Math.floor(res.statusCode / 100)]! += 1;
          const where = `${session.email} ${call.method} ${url} ${JSON.stringify(body)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400) expect(await footprint(), where).toEqual(before);
          if (
            res.statusCode === 200 &&
            res.headers['content-type']?.toString().startsWith('application/json')
          ) {
            expect(await outOfScope(session.user, requestIdsIn(call.path, body, res.json())), where).toEqual(
              [],
            );
          }
        },
      ),
      {
        numRuns: Number(process.env.FC_RUNS ?? 400),
        ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
      },
    );
    // The run must reach the handlers, not only the guards: some calls succeed.
    expect(answered[2], JSON.stringify(answered)).toBeGreaterThan(20);
  });
});
