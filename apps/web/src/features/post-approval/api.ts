import type {
  FollowUpBody,
  PostApprovalListBody,
  PostApprovalListReply,
  PostApprovalRecord,
  PostApprovalSaveReply,
  ValidationBody,
} from '@portal/domain/contracts/post-approval';
import { apiPost } from '../../api/client.ts';

export type {
  PostApprovalRecord,
  PostApprovalRow,
  ValidationEntry,
} from '@portal/domain/contracts/post-approval';
export type StageListParams = Omit<PostApprovalListBody, 'q'> & { q?: string };

export const listStage = (params: StageListParams) =>
  apiPost<PostApprovalListReply>('pos-aprovacao/list', params);

export const readUnit = (id: number) =>
  apiPost<{ dados: PostApprovalRecord }>('pos-aprovacao/registro', { id }).then((r) => r.dados);

export const saveValidation = (body: ValidationBody) =>
  apiPost<PostApprovalSaveReply>('pos-aprovacao/validar', body);

export const saveFollowUp = (body: FollowUpBody) =>
  apiPost<PostApprovalSaveReply>('pos-aprovacao/acompanhar', body);

/** Every query key of these screens: a save invalidates `all`. */
export const postApprovalKeys = {
  all: ['pos-aprovacao'] as const,
  list: (params: StageListParams) => [...postApprovalKeys.all, 'list', params] as const,
  unit: (id: number) => [...postApprovalKeys.all, 'unit', id] as const,
};
