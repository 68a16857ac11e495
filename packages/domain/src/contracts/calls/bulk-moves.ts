import type { Flow, Kind } from '../../catalogs/flow-kind.ts';
import { requestForm } from '../../workflow/forms.ts';
import { bulkMoveBody, bulkMoveReply } from '../bulk-moves.ts';
import { defineCall, formRule } from '../call.ts';

const built = new Map<string, ReturnType<typeof buildBulkMoveCall>>();

function buildBulkMoveCall(flow: Flow, kind: Kind) {
  const form = requestForm(flow, kind);
  return defineCall({
    method: 'POST',
    path: `/api/${form.apiBase}/mover-em-lote`,
    summary: 'Move muitas solicitações de uma vez: cada uma passa pelas regras de um salvamento',
    tags: [form.title],
    access: formRule(flow, kind, 'write'),
    body: bulkMoveBody,
    answer: bulkMoveReply,
  });
}

/** A form's bulk move (issue 34 step 4): the rows chosen, or all rows of a filter, moved one by one. */
export function bulkMoveCall(flow: Flow, kind: Kind) {
  const key = `${flow}.${kind}`;
  if (!built.has(key)) built.set(key, buildBulkMoveCall(flow, kind));
  return built.get(key)!;
}
