import {
  followUpCall,
  postApprovalListCall,
  postApprovalRecordCall,
  validateUnitCall,
} from '@portal/domain/contracts/calls/post-approval';
import type {
  FollowUpBody,
  PostApprovalListBody,
  ValidationBody,
} from '@portal/domain/contracts/post-approval';
import { call } from '../../api/client.ts';

export type {
  PostApprovalRecord,
  PostApprovalRow,
  ValidationEntry,
} from '@portal/domain/contracts/post-approval';
export type StageListParams = Omit<PostApprovalListBody, 'q'> & { q?: string };

export const listStage = (params: StageListParams) => call(postApprovalListCall, { body: params });

export const readUnit = async (id: number) => (await call(postApprovalRecordCall, { body: { id } })).dados;

export const saveValidation = (body: ValidationBody) => call(validateUnitCall, { body });

export const saveFollowUp = (body: FollowUpBody) => call(followUpCall, { body });

/** Every query key of these screens: a save invalidates `all`. */
export const postApprovalKeys = {
  all: ['pos-aprovacao'] as const,
  list: (params: StageListParams) => [...postApprovalKeys.all, 'list', params] as const,
  unit: (id: number) => [...postApprovalKeys.all, 'unit', id] as const,
};
