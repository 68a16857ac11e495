import { deleteCallOf, type RequestForm } from '@portal/domain';
import { apiPost } from '../../../api/client.ts';

/** `…/delete` of the form (deletion.ts): the creator withdraws a request nobody has acted on. */
export const withdrawRequest = (form: RequestForm, id: number) =>
  apiPost<{ error: 0; msg: string }>(deleteCallOf(form.flow, form.kind), { id });
