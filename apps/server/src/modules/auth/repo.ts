import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { passwordResets, usuarios } from '../../db/schema.ts';

/** A password the user chose: it is not one to be changed at the next sign-in. */
export async function setOwnPassword(tx: Tx, idUsuario: number, passwordHash: string) {
  await tx.update(usuarios).set({ passwordHash, trocarSenha: 1 }).where(eq(usuarios.id, idUsuario));
}

/** Ends the user's reset links not yet used: only the newest one works. */
export async function retireOpenResets(tx: Tx, idUsuario: number) {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.idUsuario, idUsuario), isNull(passwordResets.usedAt)));
}

/** A reset link valid for `validMinutes`, holding the hash of its token; returns its id. */
export async function addPasswordReset(tx: Tx, idUsuario: number, hash: string, validMinutes: number) {
  const [reset] = await tx
    .insert(passwordResets)
    .values({
      idUsuario,
      tokenHash: hash,
      expiresAt: sql`now() + make_interval(mins => ${validMinutes})`,
    })
    .returning({ id: passwordResets.id });
  return reset!.id;
}

const stillValid = and(isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`));

/** Gives a reset link still valid the hash of a new token; nothing when it was used or expired. */
export async function rekeyReset(db: DbOrTx, id: number, hash: string) {
  const [row] = await db
    .update(passwordResets)
    .set({ tokenHash: hash })
    .where(and(eq(passwordResets.id, id), stillValid))
    .returning({ idUsuario: passwordResets.idUsuario, expiresAt: passwordResets.expiresAt });
  return row;
}

/** Marks the valid reset link of this token hash used, once; returns whose it was. */
export async function consumeReset(tx: Tx, hash: string) {
  const [reset] = await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.tokenHash, hash), stillValid))
    .returning({ idUsuario: passwordResets.idUsuario });
  return reset;
}
