import { z } from 'zod/mini';
import type { MenuKey } from '../access/menu.ts';
import type { Flow, Kind } from '../catalogs/flow-kind.ts';
import { CLIENT_ERRORS, type ClientErrorKind } from './errors.ts';

/** A zod schema, full or mini (sign-in's schemas are zod/mini, for the web's first load). */
type Schema = z.core.$ZodType;

/**
 * One descriptor per call of the API (GUIDE §3): method, path, body, the answer of every status it
 * can give and its access rule. The server registers its route from it (and refuses to start with
 * an /api route that has none), the OpenAPI document is generated from it.
 */

/** Who may make a call. Row-level rules (scope, status, authorship) stay in the use cases. */
export type AccessRule =
  /** Nobody needs to be signed in (sign-in, password recovery, health). */
  | { readonly kind: 'public' }
  /** Any signed-in user (the session's own calls, shared catalogues). */
  | { readonly kind: 'signed-in' }
  /** The user's menu holds this entry (MENU_RULES); `write` also refuses the read-only profile. */
  | { readonly kind: 'menu'; readonly menu: MenuKey; readonly write?: boolean }
  /** A request form's menu entry; `write` refuses profile 3, `create` is the form's creation rule. */
  | {
      readonly kind: 'form';
      readonly flow: Flow;
      readonly formKind: Kind;
      readonly write?: 'write' | 'create';
    };

export const PUBLIC: AccessRule = { kind: 'public' };
export const SIGNED_IN: AccessRule = { kind: 'signed-in' };
export const menuRule = (menu: MenuKey, options: { write?: boolean } = {}): AccessRule => ({
  kind: 'menu',
  menu,
  ...(options.write && { write: true }),
});
export const formRule = (flow: Flow, formKind: Kind, write?: 'write' | 'create'): AccessRule => ({
  kind: 'form',
  flow,
  formKind,
  ...(write && { write }),
});

/** Statuses the server itself answers, outside the client-error catalogue. */
export const SERVER_ERRORS = {
  /** An unexpected failure: a generic message, never a stack trace. */
  internal: 500,
  /** The database or the file storage is away (or busy); the process recovers alone. */
  unavailable: 503,
  /** The disk is full: nothing was written. */
  diskFull: 507,
} as const;
export type ServerErrorKind = keyof typeof SERVER_ERRORS;
export type ErrorKind = ClientErrorKind | ServerErrorKind;

const ERROR_STATUS: Record<ErrorKind, number> = { ...CLIENT_ERRORS, ...SERVER_ERRORS };

const ERROR_DESCRIPTIONS: Record<ErrorKind, string> = {
  malformed: 'Requisição malformada: corpo que não é JSON, campo de tipo errado, faltando ou longo demais.',
  refused:
    'Valor recusado por uma regra: CNPJ, CPF, data ou opção inválida, duplicidade, transição não permitida.',
  unauthenticated: 'Sem sessão, ou a sessão terminou.',
  forbidden: 'O usuário não pode fazer isto (menu, escopo, permissão, perfil somente leitura).',
  notFound: 'O registro não existe ou está fora do escopo do usuário.',
  conflict: 'O registro foi alterado por outro usuário, ou o seu estado não permite a chamada.',
  gone: 'O arquivo existia e não é mais guardado.',
  tooLarge: 'O corpo ou um dos arquivos passa do tamanho aceito.',
  unsupportedMediaType: 'O tipo de conteúdo do corpo não é um que a chamada lê.',
  tooMany: 'Chamadas demais em pouco tempo; tente de novo mais tarde.',
  internal: 'Erro interno; nenhum detalhe é enviado.',
  unavailable: 'Banco de dados ou armazenamento indisponível no momento.',
  diskFull: 'Disco cheio; nada foi gravado.',
};

/** The `{error: 1, msg}` envelope of every refusal, with `campo` when one field is to blame. */
const envelopeShape = () => ({ error: z.literal(1), msg: z.string(), campo: z.optional(z.string()) });
export const errorEnvelope = z.object(envelopeShape());
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/**
 * The envelope of each kind, named by its status for the OpenAPI document's components (Erro400…);
 * zod/mini, as the web's first load imports it.
 */
const ERROR_ANSWERS = Object.fromEntries(
  (Object.keys(ERROR_DESCRIPTIONS) as ErrorKind[]).map((kind) => [
    kind,
    z.object(envelopeShape()).register(z.globalRegistry, {
      id: `Erro${ERROR_STATUS[kind]}`,
      description: ERROR_DESCRIPTIONS[kind],
    }),
  ]),
) as Record<ErrorKind, typeof errorEnvelope>;

export const errorAnswer = (kind: ErrorKind) => ERROR_ANSWERS[kind];

/** A file slot of a multipart body: the field's name, the types it takes, whether it may repeat. */
export interface FileSlot {
  readonly name: string;
  readonly description: string;
  readonly many?: boolean;
}

/** A multipart body: its text fields (the JSON body's fields, as text) and its file slots. */
export interface MultipartBody {
  readonly fields: Schema;
  readonly files: readonly FileSlot[];
  /** The same call also takes a JSON body of this schema (a save without files). */
  readonly json?: Schema;
}

/** A download: its content type(s); the body is the file. */
export interface Download {
  readonly contentTypes: readonly string[];
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallSpec {
  readonly method: Method;
  /** Full path under /api, Fastify style (`/api/exportacoes/:id`). */
  readonly path: `/api/${string}` | '/api';
  readonly summary?: string;
  readonly tags: readonly string[];
  readonly access: AccessRule;
  readonly body?: Schema;
  readonly multipart?: MultipartBody;
  readonly query?: Schema;
  readonly params?: Schema;
  /** The success answer (200): a JSON schema, or a download. */
  readonly answer?: Schema;
  readonly download?: Download;
  /** The refusals this call gives beyond those every call of its kind gives (see `errorKindsOf`). */
  readonly errors?: readonly ErrorKind[];
}

export type { Schema };
export type Call<S extends CallSpec = CallSpec> = S & {
  /** Every status the call can give, with its answer. */
  readonly answers: Readonly<Record<number, Schema>>;
  readonly errorKinds: readonly ErrorKind[];
};

/**
 * The refusals every call of a kind can give: malformed input and the server's own failures on
 * all; a body's size and type on every call but a GET; 401 and 403 behind the session; 422 wherever a
 * schema has a rule (a format, a list of options).
 */
export function errorKindsOf(spec: CallSpec): ErrorKind[] {
  const kinds = new Set<ErrorKind>(['malformed', 'internal', 'unavailable']);
  if (spec.body || spec.multipart || spec.query || spec.params) kinds.add('refused');
  // Any call but a GET reads a body if one is sent, even a call that takes none (logout).
  if (spec.body || spec.multipart || spec.method !== 'GET') {
    kinds.add('tooLarge');
    kinds.add('unsupportedMediaType');
  }
  if (spec.access.kind !== 'public') {
    kinds.add('unauthenticated');
    kinds.add('forbidden');
  }
  for (const kind of spec.errors ?? []) kinds.add(kind);
  return [...kinds];
}

/** Declares a call: the answer of every status it can give is derived here, once. */
export function defineCall<const S extends CallSpec>(spec: S): Call<S> {
  const errorKinds = errorKindsOf(spec);
  const answers: Record<number, Schema> = {};
  if (spec.answer) answers[200] = spec.answer;
  for (const kind of errorKinds) answers[ERROR_STATUS[kind]] = errorAnswer(kind);
  return { ...spec, answers, errorKinds };
}

export const statusOf = (kind: ErrorKind): number => ERROR_STATUS[kind];
export const errorDescription = (kind: ErrorKind): string => ERROR_DESCRIPTIONS[kind];

/** The statuses a call may answer (200 included, for JSON and downloads alike). */
export const statusesOf = (call: Call): number[] => [
  200,
  ...call.errorKinds.map((kind) => ERROR_STATUS[kind]),
];
