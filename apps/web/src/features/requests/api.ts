import type { RequestFile, RequestForm } from '@portal/domain';
import { apiFile, apiGet, apiPost, apiUpload } from '../../api/client.ts';

/** One row of `{apiBase}/list` (paged). */
export interface RequestRow {
  id: number;
  unidade: string | null;
  endereco_id: string | null;
  site_id: string | null;
  uf: string | null;
  municipio: string | null;
  data_pedido: string;
  data_ativacao: string | null;
  status: number;
}

export interface ListParams {
  page: number;
  per_page: number;
  q?: string;
  status?: number;
  sort: string;
  order: 'asc' | 'desc';
}

/** One record as `{apiBase}/list {id}` returns it: the form's fields, the requester, the file links. */
export type RequestRecord = Record<string, unknown> & {
  id: number;
  status: number;
  version: number;
  data_pedido: string;
  cnpj_tim: string | null;
  nome: string;
  email: string;
  telefone: string | null;
  razao_social: string | null;
  cnpj_empresa: string | null;
  anexos: { id: number; tipo: RequestFile; nome: string; tamanho: number; url: string }[];
};

export interface DuplicateMatch {
  origem: 'workflow' | 'base';
  sge: boolean;
  /** null: a request outside the user's scope, told without details. */
  id: number | null;
  UC: string;
  Rz_Social: string;
  Concessionaria: string | null;
  Endereco: string;
  Bairro: string;
  Cidade: string;
  Estado: string;
  Status: string;
}

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

export interface ObservationEntry {
  nome: string;
  data: string;
  obs: string;
}

export interface StatusEntry {
  nome: string;
  data_cadastro: string;
  status: number;
}

export const listRequests = (form: RequestForm, params: ListParams) =>
  apiPost<{ dados: RequestRow[]; total: number }>(`${form.apiBase}/list`, params);

export const readRequest = async (form: RequestForm, id: number) =>
  (await apiPost<{ dados: RequestRecord }>(`${form.apiBase}/list`, { id })).dados;

export const observationHistory = async (form: RequestForm, id: number) =>
  (await apiPost<{ dados: ObservationEntry[] }>(`${form.apiBase}/historicos`, { id_unidade: id })).dados;

export const statusHistory = async (form: RequestForm, id: number) =>
  (await apiPost<{ dados: StatusEntry[] }>(`${form.apiBase}/status`, { id_unidade: id })).dados;

export type DuplicateKey = 'unidade' | 'endereco_id';

export const findDuplicates = async (form: RequestForm, key: DuplicateKey, value: string) => {
  const call = key === 'unidade' ? 'validar-unidade' : 'validar-endereco';
  return (await apiPost<{ dados: DuplicateMatch[] }>(`${form.apiBase}/${call}`, { [key]: value })).dados;
};

export const deleteAttachment = (form: RequestForm, id: number, tipo: RequestFile) =>
  apiPost<{ msg: string }>(`${form.apiBase}/apagar-arquivos`, { id, tipo });

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
}

export const regionals = async () => (await apiGet<{ dados: RegionalRow[] }>('regionais')).dados;

export const citiesOf = async (uf: string) => (await apiGet<{ dados: string[] }>(`cidades/${uf}`)).dados;

export const addressOf = async (cep: string) => (await apiGet<{ dados: Address }>(`cep/${cep}`)).dados;

export interface SaveAnswer {
  id: number;
  status: number;
  version: number;
}

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
): Promise<SaveAnswer> => {
  const parts = Object.entries(files).filter((entry): entry is [RequestFile, File] => Boolean(entry[1]));
  return (await apiUpload<{ dados: SaveAnswer }>(`${form.apiBase}/${mode}`, dados, parts, onProgress)).dados;
};

/** The types the viewer shows; anything else is only offered for download. */
const VIEWABLE = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ViewableType = (typeof VIEWABLE)[number];

export interface FetchedAttachment {
  blob: Blob;
  /** Set only for the types the viewer may show, as the server sniffed them from the bytes. */
  viewable: ViewableType | null;
}

/**
 * The bytes become a blob of the type the server sniffed, never text/html: a blob URL shares the
 * app's origin, so a document that could run script must never be opened from one.
 */
export async function fetchAttachment(url: string): Promise<FetchedAttachment> {
  const { bytes, contentType } = await apiFile(url);
  const viewable = VIEWABLE.find((type) => type === contentType) ?? null;
  return { blob: new Blob([bytes], { type: viewable ?? 'application/octet-stream' }), viewable };
}

/** One status name as an administrator left it (GET /api/status-rotulos). */
export interface StatusLabelEntry {
  fluxo: string;
  tipo: string;
  codigo: number;
  rotulo: string;
}

export const statusLabelEntries = async () =>
  (await apiGet<{ dados: StatusLabelEntry[] }>('status-rotulos')).dados;
