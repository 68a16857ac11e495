import type { RequestForm } from '@portal/domain';
import { bulkMoveCall } from '@portal/domain/contracts/calls/bulk-moves';
import { call, type CallInput } from '../../../api/client.ts';

export type BulkMoveInput = NonNullable<CallInput<ReturnType<typeof bulkMoveCall>>['body']>;

/** One move on many rows of a form's list (issue 34 step 4): the answer tells each row's fate. */
export const moveMany = (form: RequestForm, body: BulkMoveInput) =>
  call(bulkMoveCall(form.flow, form.kind), { body });
