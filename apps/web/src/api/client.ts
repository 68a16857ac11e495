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

interface Envelope {
  error?: number;
  msg?: string;
  campo?: string;
}

type Method = 'GET' | 'POST' | 'DELETE';

/** The session's bearer token, read once per call so a 401 can be matched to the token it was for. */
const currentToken = () => sessionStore.get()?.token;

/**
 * What every transport does with an answer: a 401 on a call made with a token means the session
 * is gone on the server, so it is cleared once and the route guard sends the user to /login;
 * anything but a success envelope becomes an ApiError with the server's message and field.
 */
function settle<T>(
  status: number,
  ok: boolean,
  payload: (T & Envelope) | null,
  token: string | undefined,
): T {
  if (status === 401 && token) sessionStore.expire(token);
  if (!ok || !payload || payload.error)
    throw new ApiError(status, payload?.msg || UNEXPECTED, payload?.campo);
  return payload;
}

/** Calls /api with the session's bearer token and a JSON body. */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const token = currentToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(NO_ANSWER, UNREACHABLE);
  }
  const payload = (await response.json().catch(() => null)) as (T & Envelope) | null;
  return settle(response.status, response.ok, payload, token);
}

export const apiGet = <T>(path: string): Promise<T> => api<T>('GET', path);
export const apiPost = <T>(path: string, body?: unknown): Promise<T> => api<T>('POST', path, body ?? {});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * POSTs `dados` with files: multipart with a JSON part `dados` and one part per named file, or
 * plain JSON when there is none. XMLHttpRequest is the browser API that reports upload progress.
 */
export function apiUpload<T>(
  path: string,
  dados: Record<string, unknown>,
  files: [name: string, file: File][],
  onProgress: (percent: number) => void,
): Promise<T> {
  const token = currentToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${path}`);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(NO_ANSWER, UNREACHABLE));
    xhr.onload = () => {
      const payload = parseJson(xhr.responseText) as (T & Envelope) | null;
      try {
        resolve(settle(xhr.status, xhr.status >= 200 && xhr.status < 300, payload, token));
      } catch (err) {
        reject(err as ApiError);
      }
    };
    if (files.length) {
      const body = new FormData();
      body.append('dados', JSON.stringify(dados));
      for (const [name, file] of files) body.append(name, file, file.name);
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
