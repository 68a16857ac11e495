import type { RegularizationFile } from '@portal/domain';
import type { ObservationEntry, StatusEntry } from '@portal/domain/contracts/requests';
import type {
  RegularizationRecord,
  RegularizationRow,
  SavedRegularization,
} from '@portal/domain/contracts/regularization';
import { apiPost, apiUpload } from '../../api/client.ts';
import type { RegularizationScreen } from './screens.ts';

export type { RegularizationRecord, RegularizationRow } from '@portal/domain/contracts/regularization';

export interface RegularizationListParams {
  page: number;
  per_page: number;
  q?: string;
  status?: number;
  sort: string;
  order: 'asc' | 'desc';
}

export const listRegularizations = (screen: RegularizationScreen, params: RegularizationListParams) =>
  apiPost<{ dados: RegularizationRow[]; total: number }>(`${screen.apiBase}/list`, params);

export const readRegularization = async (screen: RegularizationScreen, id: number) =>
  (await apiPost<{ dados: RegularizationRecord }>(`${screen.apiBase}/list`, { id })).dados;

export const observationHistory = async (screen: RegularizationScreen, id: number) =>
  (await apiPost<{ dados: ObservationEntry[] }>(`${screen.apiBase}/historicos`, { id_unidade: id })).dados;

export const statusHistory = async (screen: RegularizationScreen, id: number) =>
  (await apiPost<{ dados: StatusEntry[] }>(`${screen.apiBase}/status`, { id_unidade: id })).dados;

export const deleteRegularizationFile = (
  screen: RegularizationScreen,
  id: number,
  tipo: RegularizationFile,
) => apiPost<{ msg: string }>(`${screen.apiBase}/apagar-arquivos`, { id, tipo });

/** edit, with upload progress; a refusal keeps the server's `campo` (ApiError). */
export const saveRegularization = async (
  screen: RegularizationScreen,
  dados: Record<string, unknown>,
  files: Partial<Record<RegularizationFile, File | null>>,
  onProgress: (percent: number) => void,
): Promise<SavedRegularization & { msg: string }> => {
  const parts = Object.entries(files).filter((entry): entry is [RegularizationFile, File] =>
    Boolean(entry[1]),
  );
  const answer = await apiUpload<{ msg: string; dados: SavedRegularization }>(
    `${screen.apiBase}/edit`,
    dados,
    parts,
    onProgress,
  );
  return { ...answer.dados, msg: answer.msg };
};
