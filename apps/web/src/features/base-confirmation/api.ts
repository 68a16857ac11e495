import { baseConfirmationListCall, confirmCall } from '@portal/domain/contracts/calls/base-confirmation';
import type { BaseConfirmationListBody, ConfirmBody } from '@portal/domain/contracts/base-confirmation';
import { call } from '../../api/client.ts';

export type { BaseConfirmationRow, ConfirmReply } from '@portal/domain/contracts/base-confirmation';
export type ApprovedParams = Omit<BaseConfirmationListBody, 'q'> & { q?: string };

export const listApproved = (params: ApprovedParams) => call(baseConfirmationListCall, { body: params });

export const confirmRequests = (body: ConfirmBody) => call(confirmCall, { body });
