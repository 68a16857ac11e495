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

type Method = 'GET' | 'POST';

/**
 * Calls /api with the session's bearer token. Any 401 on a call made with a token means
 * the session is gone on the server: it is cleared here once, and the route guard,
 * which watches the session, sends the user to /login.
 */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const token = sessionStore.get()?.token;
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
  if (response.status === 401 && token) sessionStore.expire(token);
  if (!response.ok || !payload || payload.error) {
    throw new ApiError(response.status, payload?.msg || UNEXPECTED, payload?.campo);
  }
  return payload;
}

export const apiGet = <T>(path: string): Promise<T> => api<T>('GET', path);
export const apiPost = <T>(path: string, body?: unknown): Promise<T> => api<T>('POST', path, body ?? {});
