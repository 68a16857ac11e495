import type { RequestForm } from '@portal/domain';
import { requestCalls } from '@portal/domain/contracts/calls/requests';
import { call } from '../../../api/client.ts';

/** `…/delete` of the form (deletion.ts): the creator withdraws a request nobody has acted on. */
export const withdrawRequest = (form: RequestForm, id: number) =>
  call(requestCalls(form.flow, form.kind).delete, { body: { id } });
