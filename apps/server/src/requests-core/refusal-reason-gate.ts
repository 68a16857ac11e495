import { judgeReason, reasonText, type ReasonInput, type RefusalMove } from '@portal/domain';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { findRefusalReason } from './refusal-reasons-repo.ts';
import type { StoredReason } from './repo.ts';

/**
 * The reason check every save gate shares (requests, regularizations, post-approval): the
 * domain's judgeReason over the catalogue entry the payload names. Refuses with 422 on the field
 * (nothing is written yet); answers the reason to store, or undefined for a move that needs none.
 */
export async function checkRefusalReason(
  db: DbOrTx,
  move: RefusalMove | null,
  sent: ReasonInput,
): Promise<StoredReason | undefined> {
  const id = sent.motivo_recusa_id ?? null;
  const entry = id !== null ? await findRefusalReason(db, id) : undefined;
  const verdict = judgeReason(move, sent, entry);
  if (!verdict.ok) throw new AppError(verdict.code, verdict.msg, verdict.field);
  if (!move || !entry) return undefined;
  return { id: entry.id, text: reasonText(entry.nome, sent.motivo_recusa_texto) };
}
