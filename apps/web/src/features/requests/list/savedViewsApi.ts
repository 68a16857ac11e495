import type { RequestForm, SavedViewInput } from '@portal/domain';
import { savedViewCalls } from '@portal/domain/contracts/calls/saved-views';
import { call } from '../../../api/client.ts';
import { requestKeys } from '../queryKeys.ts';

export type { SavedView } from '@portal/domain/contracts/saved-views';

const callsOf = (form: RequestForm) => savedViewCalls(form.flow, form.kind);

/** The user's saved views of one list (issue 34 step 5); under the form's keys, so a save refreshes them. */
export const savedViewsKey = (form: RequestForm) => [...requestKeys.all(form), 'visoes'] as const;

export const listSavedViews = async (form: RequestForm) => (await call(callsOf(form).list)).dados;

export const addSavedView = async (form: RequestForm, body: SavedViewInput) =>
  (await call(callsOf(form).add, { body })).dados;

export const editSavedView = async (
  form: RequestForm,
  body: SavedViewInput & { id: number; version: number },
) => (await call(callsOf(form).edit, { body })).dados;

export const deleteSavedView = async (form: RequestForm, id: number) =>
  call(callsOf(form).delete, { body: { id } });
