import type { LoginBody, SessionUser } from '@portal/domain';
import { apiGet, apiPost } from '../../api/client.ts';

interface WithMsg {
  msg: string;
}

export const login = (body: LoginBody) => apiPost<{ token: string; user: SessionUser }>('login', body);
export const validate = () => apiGet<{ user: SessionUser }>('validate');
export const logout = () => apiPost<object>('logout');
export const changePassword = (input: { senha_atual: string; password: string }) =>
  apiPost<WithMsg & { user: SessionUser }>('change-password', input);
export const lostPassword = (email: string) => apiPost<WithMsg>('lost-password', { email });
export const resetPassword = (hash: string, password: string) =>
  apiPost<WithMsg>('change-password-new', { hash, password });
