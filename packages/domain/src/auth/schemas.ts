import { z } from 'zod';
import { passwordSchema, SAME_PASSWORD } from './password.ts';

export * from './sign-in.ts';

const email = z.email({ error: 'E-mail inválido.' }).max(200, 'O e-mail pode ter no máximo 200 caracteres.');

/**
 * change-password: the signed-in user sets a new password, proving the current one (a session
 * left open is not enough to take the account); the e-mail comes from the session.
 */
export const changePasswordBody = z
  .object({
    senha_atual: z
      .string({ error: 'Informe a senha atual.' })
      .min(1, 'Informe a senha atual.')
      .max(128, 'A senha pode ter no máximo 128 caracteres.'),
    password: passwordSchema,
    email: z.string().optional(),
  })
  .refine((body) => body.password !== body.senha_atual, { message: SAME_PASSWORD, path: ['password'] });
export const lostPasswordBody = z.object({ email });
export const resetPasswordBody = z.object({
  hash: z.string({ error: 'Link inválido.' }).min(1, 'Link inválido.').max(200, 'Link inválido.'),
  password: passwordSchema,
});
