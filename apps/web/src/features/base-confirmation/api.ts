import type {
  BaseConfirmationListBody,
  BaseConfirmationRow,
  ConfirmBody,
  ConfirmReply,
} from '@portal/domain/contracts/base-confirmation';
import { apiPost } from '../../api/client.ts';

export type { BaseConfirmationRow, ConfirmReply } from '@portal/domain/contracts/base-confirmation';
export type ApprovedParams = Omit<BaseConfirmationListBody, 'q'> & { q?: string };

export const listApproved = (params: ApprovedParams) =>
  apiPost<{ dados: BaseConfirmationRow[]; total: number }>('confirmacao-base/list', params);

export const confirmRequests = (body: ConfirmBody) =>
  apiPost<ConfirmReply>('confirmacao-base/confirmar', body);
