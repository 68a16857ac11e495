import type { DuplicateKey, requestListBodyOf, RequestFile, RequestForm } from '@portal/domain';
import {
  citiesCall,
  concessionairesCalls,
  postalCodeCall,
  publicRegionalsCall,
  statusLabelEntriesCall,
} from '@portal/domain/contracts/calls/catalogues';
import { requestCalls, requestListCalls } from '@portal/domain/contracts/calls/requests';
import type { RequestRecord } from '@portal/domain/contracts/requests';
import { call, upload } from '../../api/client.ts';

export type { DuplicateMatch, RequestRecord, RequestRow } from '@portal/domain/contracts/requests';

/** A list call's body: the list's URL state (requestListBodyOf), and `apos` when paging forward by one. */
export type ListParams = ReturnType<typeof requestListBodyOf> & {
  /** The last row of the page before, when paging forward by one. */
  apos?: number;
};

const callsOf = (form: RequestForm) => requestCalls(form.flow, form.kind);

/** `{form}/list` answers a page for filters; this is the page. */
export async function listRequests(form: RequestForm, params: ListParams) {
  const answer = await call(requestListCalls(form.flow, form.kind).list, { body: params });
  if (!('total' in answer)) throw new Error('A lista respondeu um registro em vez de uma página.');
  return answer;
}

/** `{form}/list` with an id answers that one record. */
export async function readRequest(form: RequestForm, id: number): Promise<RequestRecord> {
  const answer = await call(requestListCalls(form.flow, form.kind).list, { body: { id } });
  if ('total' in answer) throw new Error('A lista respondeu uma página em vez do registro.');
  return answer.dados;
}

export const findDuplicates = async (form: RequestForm, key: DuplicateKey, value: string) => {
  const calls = callsOf(form);
  const answer =
    key === 'unidade'
      ? await call(calls.validateUnit, { body: { unidade: value } })
      : await call(calls.validateAddress, { body: { endereco_id: value } });
  return answer.dados;
};

export const deleteAttachment = (form: RequestForm, id: number, tipo: RequestFile) =>
  call(callsOf(form).deleteFile, { body: { id, tipo } });

export const concessionaires = async (form: RequestForm) =>
  (await call(concessionairesCalls[form.flow])).dados;

export const regionals = async () => (await call(publicRegionalsCall)).dados;

export const citiesOf = async (uf: string) => (await call(citiesCall, { params: { uf } })).dados;

export const addressOf = async (cep: string) => (await call(postalCodeCall, { params: { cep } })).dados;

/**
 * add/edit, with upload progress. A refusal is an ApiError keeping the server's `campo`, so the
 * form can mark the field it names.
 */
export const saveRequest = async (
  form: RequestForm,
  mode: 'add' | 'edit',
  dados: Record<string, unknown>,
  files: Partial<Record<RequestFile, File | null>>,
  onProgress: (percent: number) => void,
) => {
  const parts = Object.entries(files).filter((entry): entry is [RequestFile, File] => Boolean(entry[1]));
  return (await upload(callsOf(form)[mode], { dados, files: parts }, onProgress)).dados;
};

/** Every status name as administrators left them (GET /api/status-rotulos). */
export const statusLabelEntries = async () => (await call(statusLabelEntriesCall)).dados;
