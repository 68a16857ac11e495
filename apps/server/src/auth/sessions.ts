import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.ts';
import { sessoes } from '../db/schema.ts';
import { newToken, tokenHash } from './tokens.ts';

/** Starts a session and returns the bearer token; only its hash is kept. */
export async function startSession(db: DbOrTx, idUsuario: number): Promise<string> {
  const token = newToken();
  await db.insert(sessoes).values({ idUsuario, tokenHash: tokenHash(token) });
  return token;
}

/** How stale a session's last-seen time may get before a call writes it again. */
export const TOUCH_INTERVAL_MS = 60_000;

/**
 * Slides a session's inactivity window. Called at most once a minute per session, so the idle
 * timeout is exact to the minute and a burst of calls writes nothing.
 */
export async function touchSession(db: Database, sessionId: number): Promise<void> {
  await db
    .update(sessoes)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessoes.id, sessionId));
}

export async function revokeSession(db: Database, token: string): Promise<void> {
  await db
    .update(sessoes)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessoes.tokenHash, tokenHash(token)), isNull(sessoes.revokedAt)));
}

/** Ends every session of a user, e.g. after a password reset. */
export async function revokeAllSessions(db: DbOrTx, idUsuario: number): Promise<void> {
  await db
    .update(sessoes)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessoes.idUsuario, idUsuario), isNull(sessoes.revokedAt)));
}

/** Ends every session of a user but the one making the call (after a password change). */
export async function revokeOtherSessions(db: DbOrTx, idUsuario: number, keepToken: string): Promise<void> {
  await db
    .update(sessoes)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessoes.idUsuario, idUsuario),
        isNull(sessoes.revokedAt),
        ne(sessoes.tokenHash, tokenHash(keepToken)),
      ),
    );
}
