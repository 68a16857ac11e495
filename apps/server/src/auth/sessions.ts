import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.ts';
import { sessoes } from '../db/schema.ts';
import { newToken, tokenHash } from './tokens.ts';

/** Starts a session and returns the bearer token; only its hash is kept. */
export async function startSession(db: Database, idUsuario: number): Promise<string> {
  const token = newToken();
  await db.insert(sessoes).values({ idUsuario, tokenHash: tokenHash(token) });
  return token;
}

/**
 * Finds the live session of a token and slides its inactivity window.
 * A session unused for longer than `idleMinutes`, or revoked, is gone.
 */
export async function touchSession(
  db: Database,
  token: string,
  idleMinutes: number,
): Promise<number | undefined> {
  const [row] = await db
    .update(sessoes)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(sessoes.tokenHash, tokenHash(token)),
        isNull(sessoes.revokedAt),
        gt(sessoes.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes})`),
      ),
    )
    .returning({ idUsuario: sessoes.idUsuario });
  return row?.idUsuario;
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
