import type { LoginBody } from '@portal/domain';
import { loginCall, logoutCall, validateCall } from '@portal/domain/contracts/calls/sign-in';
import { call } from '../../api/client.ts';

/** Signing in, keeping and ending the session: part of the first load (the password calls are apart). */
export const login = (body: LoginBody) => call(loginCall, { body });
export const validate = () => call(validateCall);
export const logout = () => call(logoutCall);
