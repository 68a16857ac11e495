import type { RegularizationFile, RegularizationListQuery } from '@portal/domain';
import { regularizationCalls } from '@portal/domain/contracts/calls/regularization';
import { call, upload } from '../../api/client.ts';
import type { RegularizationScreen } from './screens.ts';

export type { RegularizationRecord, RegularizationRow } from '@portal/domain/contracts/regularization';

/** A list call's body: paging, sort, quick search and status (the record is read by id apart). */
export type RegularizationListParams = Omit<RegularizationListQuery, 'id' | 'tipo_divergencia'>;

const callsOf = (screen: RegularizationScreen) => regularizationCalls[screen.flow];

/** `…/list` answers a page for filters, one record for an id. */
export async function listRegularizations(screen: RegularizationScreen, params: RegularizationListParams) {
  const answer = await call(callsOf(screen).list, { body: params });
  if (!('total' in answer)) throw new Error('A lista respondeu um registro em vez de uma página.');
  return answer;
}

export async function readRegularization(screen: RegularizationScreen, id: number) {
  const answer = await call(callsOf(screen).list, { body: { id } });
  if ('total' in answer) throw new Error('A lista respondeu uma página em vez do registro.');
  return answer.dados;
}

export const observationHistory = async (screen: RegularizationScreen, id: number) =>
  (await call(callsOf(screen).observations, { body: { id_unidade: id } })).dados;

export const statusHistory = async (screen: RegularizationScreen, id: number) =>
  (await call(callsOf(screen).statuses, { body: { id_unidade: id } })).dados;

export const deleteRegularizationFile = (
  screen: RegularizationScreen,
  id: number,
  tipo: RegularizationFile,
) => call(callsOf(screen).deleteFile, { body: { id, tipo } });

/** edit, with upload progress; a refusal keeps the server's `campo` (ApiError). */
export const saveRegularization = async (
  screen: RegularizationScreen,
  dados: Record<string, unknown>,
  files: Partial<Record<RegularizationFile, File | null>>,
  onProgress: (percent: number) => void,
) => {
  const parts = Object.entries(files).filter((entry): entry is [RegularizationFile, File] =>
    Boolean(entry[1]),
  );
  const answer = await upload(callsOf(screen).edit, { dados, files: parts }, onProgress);
  return { ...answer.dados, msg: answer.msg };
};
