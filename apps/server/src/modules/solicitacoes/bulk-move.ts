import {
  BULK_MOVE_FIELDS,
  BULK_MOVE_LIMIT,
  BULK_MOVE_OVER_LIMIT,
  bulkMoveTo,
  REASON_FIELD,
  REASON_TEXT_FIELD,
  statusLabel,
  type Flow,
  type Kind,
  type SessionUser,
} from '@portal/domain';
import type { BulkMoveBody, BulkMoveReply, BulkMoveResult } from '@portal/domain/contracts/bulk-moves';
import type { Database } from '../../db/client.ts';
import { CLIENT_ERRORS } from '@portal/domain/contracts/errors';
import { AppError, forbidden, unprocessable } from '../../http/errors.ts';
import { resolveListFilter } from '../../requests-core/repo.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { chosenRows, filteredRows, type BulkRow } from './bulk-move-repo.ts';
import { saveRequest } from './save-request.ts';

export interface BulkMoveCommand {
  flow: Flow;
  kind: Kind;
  user: SessionUser;
  ip: string;
  body: BulkMoveBody;
}

const NOT_FOUND = 'Solicitação não encontrada.';

/**
 * `{form}/mover-em-lote` (issue 34 step 4): the chosen rows, or every row of a list's filter (at
 * most BULK_MOVE_LIMIT), each moved by the very save a user makes on the record (saveRequest: the
 * schema, checkSave, the version, the history, the notices, the audit row), in its own transaction.
 * A row refused or changed meanwhile stays as it was and the others still move; the answer tells
 * each row's fate. A row out of the user's scope reads as not found, with nothing about it.
 */
export async function moveMany(
  deps: { db: Database; storage: FileStorage },
  cmd: BulkMoveCommand,
): Promise<BulkMoveReply> {
  const { flow, kind, user, body } = cmd;
  // A move the role never takes from any status is refused whole: no row could take it.
  if (!bulkMoveTo(user, flow, body.status)) {
    throw forbidden(`Você não pode mover solicitações para "${statusLabel(body.status, flow, kind)}".`);
  }
  const { rows, chosen } = await selection(deps.db, cmd);
  const found = new Map(rows.map((row) => [row.id, row]));
  // Only the move's own fields and its reason, and only those filled in: each row keeps its data.
  const fields = Object.fromEntries(
    [...BULK_MOVE_FIELDS, REASON_FIELD, REASON_TEXT_FIELD].flatMap((f) =>
      body.campos[f] !== undefined && body.campos[f] !== '' ? [[f, body.campos[f]] as const] : [],
    ),
  );

  const resultados: BulkMoveResult[] = [];
  for (const { id, version } of chosen) {
    resultados.push(await moveOne(deps, cmd, found.get(id), { id, version, fields }));
  }
  return { error: 0, msg: summary(resultados, statusLabel(body.status, flow, kind)), resultados };
}

/** The rows to move with the version each must still have: the client's, or the one read for a filter. */
async function selection(db: Database, cmd: BulkMoveCommand) {
  const { flow, kind, user, body } = cmd;
  if (body.solicitacoes) {
    const rows = await chosenRows(
      db,
      user,
      flow,
      kind,
      body.solicitacoes.map((c) => c.id),
    );
    return { rows, chosen: body.solicitacoes };
  }
  // Sort and order do not narrow the rows; the move walks them in id order.
  const filter = await resolveListFilter(db, { ...body.filtro!, order: 'asc' as const });
  const rows = await filteredRows(db, user, flow, kind, filter, BULK_MOVE_LIMIT + 1);
  if (rows.length > BULK_MOVE_LIMIT) throw unprocessable(BULK_MOVE_OVER_LIMIT, 'filtro');
  return { rows, chosen: rows.map(({ id, version }) => ({ id, version })) };
}

async function moveOne(
  deps: { db: Database; storage: FileStorage },
  cmd: BulkMoveCommand,
  row: BulkRow | undefined,
  move: { id: number; version: number; fields: Record<string, unknown> },
): Promise<BulkMoveResult> {
  const { flow, kind, user, ip, body } = cmd;
  const { id, version } = move;
  const label = statusLabel(body.status, flow, kind);
  if (!row) return { id, unidade: null, resultado: 'recusada', msg: NOT_FOUND };
  const unidade = row.unidade;
  // Kept in place the save would take for a plain "Salvar": a bulk move that moves nothing is no move.
  if (row.status === body.status && row.version === version) {
    return { id, unidade, resultado: 'recusada', msg: `A solicitação já está em "${label}".` };
  }
  try {
    await saveRequest(deps, {
      flow,
      kind,
      mode: 'edit',
      user,
      ip,
      body: { dados: { id, version, status: body.status, ...move.fields }, files: [] },
    });
    return { id, unidade, resultado: 'movida', msg: `Movida para "${label}".` };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.statusCode === CLIENT_ERRORS.conflict)
      return { id, unidade, resultado: 'alterada', msg: err.message };
    // Deleted since it was chosen: as absent as one never seen.
    if (err.statusCode === CLIENT_ERRORS.notFound)
      return { id, unidade: null, resultado: 'recusada', msg: NOT_FOUND };
    return { id, unidade, resultado: 'recusada', msg: err.message };
  }
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** One sentence for the toast: how many moved, and how many did not. */
function summary(results: BulkMoveResult[], label: string): string {
  const count = (r: BulkMoveResult['resultado']) => results.filter((x) => x.resultado === r).length;
  const parts = [`${plural(count('movida'), 'solicitação movida', 'solicitações movidas')} para "${label}".`];
  const refused = count('recusada');
  const changed = count('alterada');
  if (refused) parts.push(`${plural(refused, 'recusada', 'recusadas')}.`);
  if (changed) parts.push(`${plural(changed, 'alterada', 'alteradas')} por outra pessoa enquanto isso.`);
  if (refused || changed) parts.push('Veja o motivo em cada linha.');
  return parts.join(' ');
}
