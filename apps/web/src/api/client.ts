import type { Call, ErrorEnvelope, Schema } from '@portal/domain/contracts/call';
import type { z } from 'zod';
import { prettifyError, safeParse } from 'zod/mini';
import { sessionStore } from '../app/session/store.ts';

/**
 * An answer of the API that is not a success, with the server's Portuguese message and, when the
 * server names one (`campo`), the field it is about, so a form can show the message under it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly campo?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Status of an ApiError when the server never answered (offline, or the page is unloading). */
const NO_ANSWER = 0;

const UNREACHABLE = 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';
const UNEXPECTED = 'Ocorreu um erro inesperado. Tente novamente.';

/** Any answer, read for what tells a refusal from a success: the spec's `error`, `msg` and `campo`. */
type Envelope = Partial<Omit<ErrorEnvelope, 'error'>> & { error?: number };

/** The session's bearer token, read once per call so a 401 can be matched to the token it was for. */
const currentToken = () => sessionStore.get()?.token;

/**
 * What every transport does with an answer: a 401 on a call made with a token means the session
 * is gone on the server, so it is cleared once and the route guard sends the user to /login;
 * anything but a success envelope becomes an ApiError with the server's message and field.
 */
function settle(status: number, ok: boolean, payload: Envelope | null, token: string | undefined): Envelope {
  if (status === 401 && token) sessionStore.expire(token);
  if (!ok || !payload || payload.error)
    throw new ApiError(status, payload?.msg || UNEXPECTED, payload?.campo);
  return payload;
}

/** The input a call takes: its body, query and path parameters, each as its descriptor declares. */
type Part<C, K extends 'body' | 'query' | 'params'> = C extends { [P in K]: infer S extends Schema }
  ? unknown extends z.input<S>
    ? // A preprocessed schema (list bodies: blank as default) takes `unknown`: typed by what it gives.
      { [P in K]?: Partial<z.output<S>> }
    : undefined extends z.input<S>
      ? { [P in K]?: z.input<S> }
      : object extends z.input<S>
        ? { [P in K]?: z.input<S> }
        : { [P in K]: z.input<S> }
  : { [P in K]?: never };
export type CallInput<C extends Call> = Part<C, 'body'> & Part<C, 'query'> & Part<C, 'params'>;

/** The success answer of a call, as its descriptor declares it. */
export type Answer<C extends Call> = C extends { answer: infer S extends Schema } ? z.output<S> : never;

/** Calls without a body, query or path parameter may be made without an input. */
type InputArgs<C extends Call> = object extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/**
 * A path parameter as one encoded segment. A missing value or a dot segment is refused: the
 * browser would send "undefined", or resolve `.`/`..` into the route above (`/x/../y` is `/y`).
 */
function segment(call: Call, name: string, value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  if (text === '' || text === '.' || text === '..')
    throw new Error(`${call.method} ${call.path}: parâmetro ${name} inválido (${JSON.stringify(value)}).`);
  return encodeURIComponent(text);
}

/** A query value as text; a list repeats its name (the server's querystring reads it as a list). */
function queryValues(call: Call, name: string, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item: unknown) => queryValues(call, name, item));
  if (typeof value === 'object')
    throw new Error(`${call.method} ${call.path}: o filtro ${name} não pode ser um objeto.`);
  return [String(value)];
}

/** The call's path with its `:name` parameters filled in, and its query string. */
function urlOf(call: Call, input: { params?: object; query?: object }): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = call.path.replace(/:(\w+)/g, (_, name: string) => segment(call, name, params[name]));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    for (const text of queryValues(call, name, value)) query.append(name, text);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * In development and in tests every answer is parsed against its descriptor, so a server and a
 * web that drift apart fail at the first call instead of showing wrong data; production builds
 * drop the check (and its parser) and trust the server, whose own answers are checked by its tests.
 */
function checkAnswer(call: Call, payload: unknown): void {
  if (import.meta.env.PROD || !call.answer) return;
  const parsed = safeParse(call.answer, payload);
  if (!parsed.success) {
    const problem = `Resposta de ${call.method} ${call.path} fora do contrato:\n${prettifyError(parsed.error)}`;
    console.error(problem, payload);
    throw new Error(problem);
  }
}

/**
 * Makes a call of the API through its descriptor (packages/domain/src/contracts/calls): the input
 * and the answer are typed from it, so the web cannot ask for a path, a body or an answer the
 * server does not declare.
 */
export async function call<C extends Call>(descriptor: C, ...[input]: InputArgs<C>): Promise<Answer<C>> {
  // A call that declares a body always sends one, an empty object when the caller has nothing to say.
  const body = (input as { body?: unknown } | undefined)?.body ?? (descriptor.body ? {} : undefined);
  const url = urlOf(descriptor, input ?? {});
  const token = currentToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: descriptor.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(NO_ANSWER, UNREACHABLE);
  }
  const payload = (await response.json().catch(() => null)) as Envelope | null;
  const answer = settle(response.status, response.ok, payload, token);
  checkAnswer(descriptor, answer);
  return answer as Answer<C>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A call with a multipart body: its JSON fields (`dados`), its files by slot, and its query. */
export type UploadInput<C extends Call> = {
  dados: Record<string, unknown>;
  files: [slot: string, file: File][];
} & Part<C, 'query'>;

/**
 * Makes a call whose descriptor takes a multipart body: a JSON part `dados` and one part per file,
 * or plain JSON when there is no file. XMLHttpRequest is the browser API that reports upload progress.
 */
export function upload<C extends Call & { multipart: object }>(
  descriptor: C,
  { dados, files, query }: UploadInput<C>,
  onProgress: (percent: number) => void,
): Promise<Answer<C>> {
  const token = currentToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(descriptor.method, urlOf(descriptor, { query }));
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(NO_ANSWER, UNREACHABLE));
    xhr.onload = () => {
      const payload = parseJson(xhr.responseText) as Envelope | null;
      try {
        const answer = settle(xhr.status, xhr.status >= 200 && xhr.status < 300, payload, token);
        checkAnswer(descriptor, answer);
        resolve(answer as Answer<C>);
      } catch (err) {
        reject(err as Error);
      }
    };
    if (files.length) {
      const body = new FormData();
      body.append('dados', JSON.stringify(dados));
      for (const [slot, file] of files) body.append(slot, file, file.name);
      xhr.send(body);
    } else {
      xhr.setRequestHeader('Content-Type', 'application/json');
      xhr.send(JSON.stringify(dados));
    }
  });
}

/**
 * Downloads a file the API serves (it needs the bearer header, so a plain link cannot open it).
 * Returns the bytes and the content type the server declared.
 */
export async function apiFile(url: string): Promise<{ bytes: ArrayBuffer; contentType: string }> {
  // The URL comes from an answer: the bearer token goes only to this origin's API.
  if (!url.startsWith('/api/')) throw new ApiError(NO_ANSWER, 'Não foi possível abrir o arquivo.');
  const token = currentToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(NO_ANSWER, UNREACHABLE);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as Envelope | null;
    settle(
      response.status,
      false,
      { ...payload, msg: payload?.msg || 'Não foi possível abrir o arquivo.' },
      token,
    );
  }
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  return { bytes: await response.arrayBuffer(), contentType };
}

export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** Rows the file holds, as the server announced them before the first byte (X-Total-Registros). */
  rows: number | null;
}

/**
 * Downloads a file the API writes as it reads (a report's export), reporting each chunk as it
 * arrives; `signal` cancels it. The file name is the one the server gives (Content-Disposition).
 */
export async function apiDownload(
  path: string,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: DownloadProgress) => void },
): Promise<{ blob: Blob; fileName: string }> {
  const token = currentToken();
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      signal,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ApiError(NO_ANSWER, UNREACHABLE);
  }
  if (!response.ok || !response.body) {
    const payload = (await response.json().catch(() => null)) as Envelope | null;
    settle(response.status, false, payload, token);
  }
  const rows = Number(response.headers.get('x-total-registros') ?? NaN);
  const progress: DownloadProgress = { received: 0, rows: Number.isFinite(rows) ? rows : null };
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      progress.received += value.byteLength;
      onProgress({ ...progress });
    }
  } catch (err) {
    if (signal.aborted) throw err;
    // The server stops writing when it fails after the first bytes: the file would be cut short.
    throw new ApiError(NO_ANSWER, 'O arquivo não pôde ser gerado por completo. Tente novamente.');
  }
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'arquivo';
  return { blob: new Blob(chunks, { type: response.headers.get('content-type') ?? '' }), fileName };
}
