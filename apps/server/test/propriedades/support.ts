import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { ALL_FLOW_KINDS, REGIONAL_IDS, REQUEST_STATUSES, type SessionUser } from '@portal/domain';
import { anexos, empresas, solicitacoes, usuarios } from '../../src/db/schema.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/db/seed/demo-data.ts';
import { rowValues } from '../../src/requests-core/record.ts';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * What the property files share: one app per file with requests and attachments in every scope,
 * a session per demo user, the footprint a refused call must leave unchanged, hostile values and
 * the fast-check settings (fixed seed, overridable to replay a failure).
 */

export interface Session {
  email: string;
  token: string;
  user: SessionUser;
}

export interface Fixture {
  t: TestApp;
  sessions: Session[];
  requestIds: number[];
  attachmentIds: number[];
  /** Ids that exist in each table, for payloads aimed at real rows of other scopes. */
  /** Concessionaires that serve SP, per flow: the UF every complete generated request names. */
  spConcessionarias: Record<string, number[]>;
  rowIds: {
    usuarios: number[];
    grupos: number[];
    empresas: number[];
    concessionarias: number[];
    statusRotulos: number[];
    baseProvedor: number[];
  };
}

/** Every value of a cell-only field, so a leak of one to another role is visible in an answer. */
const CELL_VALUES = {
  data_ativacao: '2026-03-01',
  id_protocolo: 2,
  protocolo: 'PROT-CELULA',
  centro_custo: 'CC-CEL',
  conta_contabil: 'CT-CEL',
  numero_agrupamento: 'AGR-CELULA',
  tipo_de_loja: 1,
};

export async function startFixture(): Promise<Fixture> {
  const t = await createTestApp();
  const sessions: Session[] = [];
  // Every demo user, the one who must still change the password included.
  for (const { email } of DEMO_USERS) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
    sessions.push({ email, ...(res.json() as { token: string; user: SessionUser }) });
  }

  const users = await t.app.db.select({ id: usuarios.id, empresa: usuarios.idEmpresa }).from(usuarios);
  const companies = (await t.app.db.select({ id: empresas.id }).from(empresas)).map((c) => c.id);
  const requestIds: number[] = [];
  const attachmentIds: number[] = [];
  // Each form gets requests across regionals, companies and statuses; units and address ids
  // repeat across scopes, so a duplicate check always has matches the caller may not read.
  for (const { flow, kind } of ALL_FLOW_KINDS) {
    for (let i = 0; i < 7; i++) {
      const idEmpresa = companies[i % companies.length]!;
      const owner = users.find((u) => u.empresa === idEmpresa) ?? users[0]!;
      const [row] = await t.app.db
        .insert(solicitacoes)
        .values({
          ...rowValues(CELL_VALUES),
          fluxo: flow,
          tipo: kind,
          status: REQUEST_STATUSES[(i * 3) % REQUEST_STATUSES.length]!,
          regional: REGIONAL_IDS[i % REGIONAL_IDS.length]!,
          idUsuario: owner.id,
          idEmpresa,
          unidade: `UC-PROP-${i % 3}`,
          enderecoId: `END-${i % 3}`,
          uf: 'SP',
          municipio: 'São Paulo',
          endereco: `Rua Escopo ${i}`,
        })
        .returning({ id: solicitacoes.id });
      requestIds.push(row!.id);
      for (const tipo of ['fatura', 'complementar', 'complementar_tower'] as const) {
        const written = await t.app.storage.write(Readable.from([Buffer.from('%PDF-1.4\n%propriedades\n')]));
        const [file] = await t.app.db
          .insert(anexos)
          .values({
            idSolicitacao: row!.id,
            tipo,
            nomeArquivo: `${tipo}.pdf`,
            storageKey: written.key,
            tamanho: written.size,
            mime: 'application/pdf',
            idUsuario: owner.id,
          })
          .returning({ id: anexos.id });
        attachmentIds.push(file!.id);
      }
    }
  }

  const ids = async (table: string) =>
    (
      (await t.app.db.execute(sql.raw(`select id from ${table} order by id`))) as unknown as {
        rows: { id: number }[];
      }
    ).rows.map((r) => Number(r.id));
  const served = (
    (await t.app.db.execute(
      sql.raw(`select id, fluxo from concessionarias where 'SP' = any(ufs) and ativo`),
    )) as unknown as {
      rows: { id: number; fluxo: string }[];
    }
  ).rows;
  const spConcessionarias = Object.fromEntries(
    ['energia', 'agua'].map((fluxo) => [
      fluxo,
      served.filter((r) => r.fluxo === fluxo).map((r) => Number(r.id)),
    ]),
  );
  return {
    t,
    sessions,
    spConcessionarias,
    requestIds,
    attachmentIds,
    rowIds: {
      usuarios: await ids('usuarios'),
      grupos: await ids('grupos'),
      empresas: await ids('empresas'),
      concessionarias: await ids('concessionarias'),
      statusRotulos: await ids('status_rotulos'),
      baseProvedor: await ids('base_provedor'),
    },
  };
}

/** Tables whose content a refused call must leave exactly as it was (sessions may be touched). */
const WRITTEN_TABLES = [
  'regionais',
  'empresas',
  'grupos',
  'usuarios',
  'usuario_regionais',
  'concessionarias',
  'password_resets',
  'audit_log',
  'solicitacoes',
  'historico_status',
  'historico_observacoes',
  'anexos',
  'base_provedor',
  'status_rotulos',
  'regularizacoes',
  'regularizacao_status',
  'regularizacao_observacoes',
  'regularizacao_anexos',
  'de_para',
  'importacoes_base',
];

const FOOTPRINT_SQL = sql.raw(
  `select ${WRITTEN_TABLES.map(
    (table) =>
      `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${table} x) as ${table}`,
  ).join(', ')}`,
);

async function filesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

/** A checksum of every written table's rows, and the number of stored files. */
export async function footprint(t: TestApp): Promise<Record<string, unknown>> {
  const { rows } = (await t.app.db.execute(FOOTPRINT_SQL)) as unknown as { rows: Record<string, unknown>[] };
  return { ...rows[0], arquivos: await filesUnder(path.join(t.config.dataDir, 'uploads')) };
}

/** Text PostgreSQL cannot store or a column cannot hold, and strings that look like code or keys. */
export const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  'x'.repeat(5000),
  '0000-01-01',
  '2026-02-30',
  '99999-01-01',
  'Email',
  ' ',
  '__proto__',
  'constructor',
  "'; drop table usuarios; --",
  '<script>alert(1)</script>',
  '1e999',
  '-1',
  '2147483648',
];
export const HOSTILE_NUMBERS = [
  2 ** 31,
  2 ** 31 - 1,
  -1,
  0,
  1.5,
  -0.5,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  1e308,
  32_768,
  -32_769,
];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
  fc.string({ maxLength: 20 }),
);

/** Fields a client might forge to widen its reach; the server takes all of them from the session. */
const FORGED: Record<string, fc.Arbitrary<unknown>> = {
  id_empresa: fc.integer({ min: 1, max: 8 }),
  id_usuario: fc.integer({ min: 1, max: 12 }),
  id_grupo: fc.constantFrom(1, 23047619, 22959227),
  id_perfil: fc.constant(1),
  papel: fc.constant('celula'),
  regionais: fc.constant([1, 2, 3, 4, 5, 6, 7]),
  usuarios: fc.constant(true),
  cadastro: fc.constant(true),
  trocar_senha: fc.constant(1),
  password: fc.constant('Outra@2026'),
  password_hash: fc.constant('$argon2id$forjado'),
  confirmar_duplicidade: fc.constantFrom(true, 1, '1'),
  version: fc.constantFrom(0, 1, 2 ** 31),
  status: fc.constantFrom(...REQUEST_STATUSES),
};

/** A valid-shaped payload broken in one or a few ways: what a hostile or buggy client sends. */
export function hostileFrom(
  valid: fc.Arbitrary<Record<string, unknown>>,
  keys: string[],
  ids: fc.Arbitrary<number>,
): fc.Arbitrary<Record<string, unknown>> {
  type Edit = (body: Record<string, unknown>) => void;
  const edit: fc.Arbitrary<Edit> = fc.oneof(
    // A declared field with a value of the wrong type, range or characters.
    fc.tuple(fc.constantFrom(...keys), hostileValue).map(
      ([k, v]): Edit =>
        (b) =>
          void (b[k] = v),
    ),
    // A declared field missing.
    fc.constantFrom(...keys).map(
      (k): Edit =>
        (b) =>
          void delete b[k],
    ),
    // An id of a row in another scope.
    fc.tuple(fc.constantFrom('id', 'id_unidade', 'id_concessionaria', 'regional'), ids).map(
      ([k, v]): Edit =>
        (b) =>
          void (b[k] = v),
    ),
    // A forged field the schema does not declare.
    fc.constantFrom(...Object.keys(FORGED)).chain((k) =>
      FORGED[k]!.map(
        (v): Edit =>
          (b) =>
            void (b[k] = v),
      ),
    ),
    // An own `__proto__` / `constructor` key, as JSON.parse would build it.
    fc.constantFrom('__proto__', 'constructor').map(
      (k): Edit =>
        (b) =>
          void Object.defineProperty(b, k, {
            value: { id_perfil: 1, papel: 'celula', prototype: { admin: true } },
            enumerable: true,
            configurable: true,
            writable: true,
          }),
    ),
  );
  return fc.tuple(valid, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([body, edits]) => {
    const copy = { ...body };
    for (const e of edits) e(copy);
    return copy;
  });
}

/** Bodies that are no object at all, or no JSON at all, under a given content type. */
export const RAW_BODIES: fc.Arbitrary<{ contentType: string; raw: string }> = fc.oneof(
  fc.record({
    contentType: fc.constant('application/json'),
    raw: fc.constantFrom(
      '',
      'null',
      '[]',
      '"texto"',
      '1',
      '{',
      '{"id": 1',
      '{"__proto__": {"id_perfil": 1}}',
      '{"constructor": {"prototype": {"admin": true}}}',
      '{"id": 1e999}',
      '{"id": 1, "id": "2"}',
      `${'['.repeat(3000)}${']'.repeat(3000)}`,
      '{"q": "\\u0000"}',
      '{"unidade": "\\ud800"}',
    ),
  }),
  fc.record({
    contentType: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml'),
    raw: fc.constantFrom('id=1', '<a/>', 'x'),
  }),
  fc.record({
    // Multipart with no boundary, a body cut short, a MIME type over the column's width.
    contentType: fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=X'),
    raw: fc.constantFrom(
      '',
      '--X\r\nContent-Disposition: form-data; name="dados"\r\n\r\n{"unidade":"UC',
      `--X\r\nContent-Disposition: form-data; name="fatura"; filename="a.pdf"\r\nContent-Type: ${'a'.repeat(150)}\r\n\r\n%PDF-1.4\r\n--X--\r\n`,
      '--X\r\nContent-Disposition: form-data; name="dados"\r\n\r\n{"__proto__":{"x":1}}\r\n--X--\r\n',
      '--X\r\nContent-Disposition: form-data; name="dados"\r\n\r\n[1,2]\r\n--X--\r\n',
    ),
  }),
);

export interface Sent {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  contentType?: string;
  raw?: string;
}

export async function send(t: TestApp, session: Session, sent: Sent) {
  return t.app.inject({
    method: sent.method,
    url: sent.url,
    headers: {
      ...bearer(session.token),
      ...(sent.contentType !== undefined ? { 'content-type': sent.contentType } : {}),
    },
    ...(sent.raw !== undefined ? { payload: sent.raw } : {}),
  });
}

/** JSON of a generated body; lone surrogates go out escaped, as JSON.stringify writes them. */
export const jsonBody = (body: unknown): Pick<Sent, 'contentType' | 'raw'> => ({
  contentType: 'application/json',
  raw: JSON.stringify(body),
});

/** Secrets that must never reach an answer: password hashes and other users' session tokens. */
export function secretsIn(body: string, sessions: Session[], caller: Session): string[] {
  const found = body.includes('$argon2') ? ['$argon2'] : [];
  if (/"password_hash"|"passwordHash"|"senha"/.test(body)) found.push('password field');
  for (const s of sessions) if (s !== caller && body.includes(s.token)) found.push(`token of ${s.email}`);
  return found;
}

/** A fixed seed so a passing run is repeatable; FC_SEED (and FC_PATH) replay what fast-check printed. */
export function runParameters(numRuns: number): fc.Parameters<unknown> {
  return {
    numRuns: Number(process.env.FC_RUNS ?? numRuns),
    seed: Number(process.env.FC_SEED ?? 20_260_901),
    ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
    endOnFailure: process.env.FC_SHRINK ? false : true,
  };
}
