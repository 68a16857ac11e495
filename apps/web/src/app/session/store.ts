import { sessionUserSchema, type SessionUser } from '@portal/domain';
import { TOKEN_KEY, USER_KEY } from './keys.ts';

/**
 * The signed-in session: bearer token plus the user the server last returned.
 * Kept in localStorage, so every tab of the browser shares it (issue 15 item 7): a link opened in
 * a new tab opens signed in, and signing out in one tab signs out the others (the 'storage'
 * event). The server still ends an idle session, and a password change ends the others.
 * Components read it through useSession; the API client and the guards read it directly,
 * so every navigation (including the back button) sees the current state, never a cached one.
 */
export interface Session {
  token: string;
  user: SessionUser;
}

const storage = localStorage;
const listeners = new Set<() => void>();
let cached: { raw: string; session: Session | null } | undefined;

function read(): Session | null {
  const token = storage.getItem(TOKEN_KEY);
  const userJson = storage.getItem(USER_KEY);
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

// Another tab signed in, out, or refreshed the user: this tab follows.
window.addEventListener('storage', (event) => {
  if (
    event.storageArea === storage &&
    (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY)
  )
    emit();
});

export const sessionStore = {
  get: read,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  start(token: string, user: SessionUser): void {
    storage.setItem(TOKEN_KEY, token);
    storage.setItem(USER_KEY, JSON.stringify(user));
    emit();
  },
  /** Replaces the user (after validate or a password change) and keeps the token. */
  updateUser(user: SessionUser): void {
    if (!storage.getItem(TOKEN_KEY)) return;
    storage.setItem(USER_KEY, JSON.stringify(user));
    emit();
  },
  clear(): void {
    storage.removeItem(TOKEN_KEY);
    storage.removeItem(USER_KEY);
    emit();
  },
  /**
   * The server refused `token` (401): ends the session only if it still uses that token. An
   * answer that arrives late for a token already replaced (signed out and in again) is ignored.
   */
  expire(token: string): void {
    if (storage.getItem(TOKEN_KEY) === token) this.clear();
  },
};
