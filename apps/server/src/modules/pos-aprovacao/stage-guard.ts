import { labelOf, POST_APPROVAL_STAGES, STALE_VERSION, type PostApprovalStage } from '@portal/domain';
import { conflict, unprocessable } from '../../http/errors.ts';
import type { solicitacoes } from '../../db/schema.ts';

type Row = typeof solicitacoes.$inferSelect;

const stageName = (stage: PostApprovalStage) => labelOf(POST_APPROVAL_STAGES, stage);

/**
 * A post-approval save acts on the version the user read and on a unit waiting at the stage the
 * screen works on; anything else is refused before a row is written.
 */
export function assertAtStage(row: Row, version: number, stage: PostApprovalStage): void {
  if (row.version !== version) throw conflict(STALE_VERSION);
  if (row.posEtapa !== stage) {
    const now = row.posEtapa
      ? `está em '${stageName(row.posEtapa)}'`
      : 'não está aguardando depois da aprovação';
    throw unprocessable(`Esta unidade não está '${stageName(stage)}': ${now}.`);
  }
}
