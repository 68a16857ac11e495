import type {
  DuplicateCheckResult,
  DuplicateKey,
  requestListBodyOf,
  RequestFile,
  RequestForm,
} from '@portal/domain';
import type { StatusLabelEntry } from '@portal/domain/contracts/admin';
import type {
  AttachmentDeleted,
  RequestPage,
  RequestRecord,
  SavedRequest,
} from '@portal/domain/contracts/requests';
import { apiGet, apiPost, apiUpload } from '../../api/client.ts';

export type { DuplicateMatch, RequestRecord, RequestRow } from '@portal/domain/contracts/requests';

/** A list call's body: the list's URL state (requestListBodyOf), and `apos` when paging forward by one. */
export type ListParams = ReturnType<typeof requestListBodyOf> & {
  /** The last row of the page before, when paging forward by one. */
  apos?: number;
};

export interface Concessionaire {
  id: number;
  nome: string;
  sigla: string;
  ufs: string[];
}

export interface Address {
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
}

export const listRequests = (form: RequestForm, params: ListParams) =>
  apiPost<RequestPage>(`${form.apiBase}/list`, params);

export const readRequest = async (form: RequestForm, id: number) =>
  (await apiPost<{ dados: RequestRecord }>(`${form.apiBase}/list`, { id })).dados;

export const findDuplicates = async (form: RequestForm, key: DuplicateKey, value: string) => {
  const call = key === 'unidade' ? 'validar-unidade' : 'validar-endereco';
  return (await apiPost<DuplicateCheckResult>(`${form.apiBase}/${call}`, { [key]: value })).dados;
};

export const deleteAttachment = (form: RequestForm, id: number, tipo: RequestFile) =>
  apiPost<AttachmentDeleted>(`${form.apiBase}/apagar-arquivos`, { id, tipo });

export const concessionaires = async (form: RequestForm) =>
  (
    await apiGet<{ dados: Concessionaire[] }>(
      form.flow === 'agua' ? 'agua/concessionarias' : 'concessionarias',
    )
  ).dados;

/** One regional row as the forms offer it (GET /regionais). */
export interface RegionalRow {
  id: number;
  regional: string;
  /** The UFs it serves: the form offers it only for those (issue 30). */
  ufs: string[];
}

export const regionals = async () => (await apiGet<{ dados: RegionalRow[] }>('regionais')).dados;

export const citiesOf = async (uf: string) => (await apiGet<{ dados: string[] }>(`cidades/${uf}`)).dados;

export const addressOf = async (cep: string) => (await apiGet<{ dados: Address }>(`cep/${cep}`)).dados;

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
): Promise<SavedRequest> => {
  const parts = Object.entries(files).filter((entry): entry is [RequestFile, File] => Boolean(entry[1]));
  return (await apiUpload<{ dados: SavedRequest }>(`${form.apiBase}/${mode}`, dados, parts, onProgress))
    .dados;
};

/** Every status name as administrators left them (GET /api/status-rotulos). */
export const statusLabelEntries = async () =>
  (await apiGet<{ dados: StatusLabelEntry[] }>('status-rotulos')).dados;
