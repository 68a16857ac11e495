import { changePasswordCall, lostPasswordCall, resetPasswordCall } from '@portal/domain/contracts/calls/auth';
import { call } from '../../api/client.ts';

export const changePassword = (body: { senha_atual: string; password: string }) =>
  call(changePasswordCall, { body });
export const lostPassword = (email: string) => call(lostPasswordCall, { body: { email } });
export const resetPassword = (hash: string, password: string) =>
  call(resetPasswordCall, { body: { hash, password } });
