import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_TOO_SHORT = `A senha precisa ter pelo menos ${PASSWORD_MIN} caracteres!`;
export const PASSWORD_TOO_LONG = `A senha pode ter no máximo ${PASSWORD_MAX} caracteres.`;
export const PASSWORDS_DIFFER = 'As senhas não são iguais!';
export const SAME_PASSWORD = 'A nova senha deve ser diferente da senha atual.';

export const passwordSchema = z
  .string({ error: 'Informe a senha.' })
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX, PASSWORD_TOO_LONG);

/** Returns the Portuguese message for an unacceptable new password, or null. */
export function passwordProblem(password: string): string | null {
  const result = passwordSchema.safeParse(password);
  return result.success ? null : (result.error.issues[0]?.message ?? PASSWORD_TOO_SHORT);
}

/**
 * A change of password (change-password, the forced one included) must change it: keeping the
 * current one leaves the reason the change was asked for in place.
 */
export const newPasswordProblem = (current: string, next: string): string | null =>
  passwordProblem(next) ?? (next === current ? SAME_PASSWORD : null);
