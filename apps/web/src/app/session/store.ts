import { sessionUserSchema, type SessionUser } from '@portal/domain';

/**
 * The signed-in session: bearer token plus the user the server last returned.
 * Kept in sessionStorage so it dies with the tab and a reload keeps the user signed in.
 * Components read it through useSession; the API client and the guards read it directly,
 * so every navigation (including the back button) sees the current state, never a cached one.
 */
export interface Session {
  token: string;
  user: SessionUser;
}

const TOKEN_KEY = 'portal.token';
const USER_KEY = 'portal.user';

const listeners = new Set<() => void>();
let cached: { raw: string; session: Session | null } | undefined;

function read(): Session | null {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const userJson = sessionStorage.getItem(USER_KEY);
  const raw = `${token ?? ''}\n${userJson ?? ''}`;
  // useSyncExternalStore needs the same object while nothing changed.
  if (cached?.raw === raw) return cached.session;
  let session: Session | null = null;
  if (token && userJson) {
    const parsed = sessionUserSchema.safeParse(safeJson(userJson));
    session = parsed.success ? { token, user: parsed.data } : null;
  }
  cached = { raw, session };
  return session;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: read,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  start(token: string, user: SessionUser): void {
    sessionStorage.setItem(TOKEN_KEY, token);
    sessionStorage.setItem(USER_KEY, JSON.stringify(user));
    emit();
  },
  /** Replaces the user (after validate or a password change) and keeps the token. */
  updateUser(user: SessionUser): void {
    if (!sessionStorage.getItem(TOKEN_KEY)) return;
    sessionStorage.setItem(USER_KEY, JSON.stringify(user));
    emit();
  },
  clear(): void {
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(USER_KEY);
    emit();
  },
  /**
   * The server refused `token` (401): ends the session only if it still uses that token. An
   * answer that arrives late for a token already replaced (signed out and in again) is ignored.
   */
  expire(token: string): void {
    if (sessionStorage.getItem(TOKEN_KEY) === token) this.clear();
  },
};
