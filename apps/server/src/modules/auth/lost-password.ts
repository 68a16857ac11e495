import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../db/client.ts';
import { writeAudit } from '../../audit/audit.ts';
import { findUserRecord, isActiveUser } from '../../auth/session-user.ts';
import { newToken, tokenHash } from '../../auth/tokens.ts';
import { enqueue } from '../../jobs/queue.ts';
import { RECOVERY_MAIL, type RecoveryMailData } from './recovery-mail.ts';
import { addPasswordReset, retireOpenResets } from './repo.ts';

/** The same answer whether or not the address exists, so it cannot be used to probe accounts. */
export const LOST_PASSWORD_ANSWER =
  'Caso seu e-mail esteja cadastrado, você receberá um link para alteração de sua senha.';

/**
 * The least time "Esqueci minha senha" takes to answer: a known address writes a reset and a task,
 * an unknown one reads one row, and the difference must not tell them apart.
 */
export const LOST_PASSWORD_MIN_MS = 250;

/** Runs `work`, then waits until at least `ms` have passed since it started. */
export async function atLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const left = ms - (performance.now() - started);
  if (left > 0) await sleep(left);
  return result;
}

/**
 * Records a single-use reset for an active user of an active company and queues its e-mail in the
 * same transaction (recovery-mail.ts writes the link when it sends). A new reset supersedes the
 * older unused ones.
 */
export async function requestPasswordReset(
  deps: { db: Database; validMinutes: number },
  email: string,
  ip: string,
): Promise<void> {
  const { db } = deps;
  const record = await findUserRecord(db, { email });
  // A user who may not sign in (inactive, or of an inactive company) gets no link either.
  if (!isActiveUser(record)) return;
  await db.transaction(async (tx) => {
    await retireOpenResets(tx, record.user.id);
    // The token is drawn when the e-mail goes out; until then the row holds the hash of one that
    // nobody ever sees, so neither this row nor the task can be turned into a working link.
    const reset = await addPasswordReset(tx, record.user.id, tokenHash(newToken()), deps.validMinutes);
    await enqueue(tx, RECOVERY_MAIL, { reset } satisfies RecoveryMailData);
    await writeAudit(tx, {
      idUsuario: record.user.id,
      acao: 'recuperar-senha',
      entidade: 'usuario',
      entidadeId: record.user.id,
      ip,
    });
  });
}
