import { describe, expect, it } from 'vitest';
import { changePasswordBody, lostPasswordBody, resetPasswordBody } from './schemas.ts';

// Password change, recovery and reset payloads, and what the user reads when one is refused.
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message);
const NEW = 'Nova@Senha2026';

describe('changing one’s password asks for the current one', () => {
  it('without it: "Informe a senha atual."', () => {
    expect(messages(changePasswordBody.safeParse({ password: NEW }))).toEqual(['Informe a senha atual.']);
    expect(messages(changePasswordBody.safeParse({ senha_atual: '', password: NEW }))).toEqual([
      'Informe a senha atual.',
    ]);
    expect(messages(changePasswordBody.safeParse({ senha_atual: 'x'.repeat(129), password: NEW }))).toEqual([
      'A senha pode ter no máximo 128 caracteres.',
    ]);
  });

  it('the new password must differ from the current one', () => {
    expect(messages(changePasswordBody.safeParse({ senha_atual: NEW, password: NEW }))).toEqual([
      'A nova senha deve ser diferente da senha atual.',
    ]);
    expect(changePasswordBody.safeParse({ senha_atual: 'Antiga@2025', password: NEW }).success).toBe(true);
  });
});

describe('recovery and reset', () => {
  it('recovery takes an e-mail', () => {
    expect(lostPasswordBody.safeParse({ email: 'ana@empresa.com.br' }).success).toBe(true);
    expect(messages(lostPasswordBody.safeParse({ email: 'ana' }))).toEqual(['E-mail inválido.']);
    expect(messages(lostPasswordBody.safeParse({ email: `${'a'.repeat(195)}@b.com` }))).toEqual([
      'O e-mail pode ter no máximo 200 caracteres.',
    ]);
  });

  it('a reset link without its code, or with an overlong one, is "Link inválido."', () => {
    expect(resetPasswordBody.safeParse({ hash: 'abc', password: NEW }).success).toBe(true);
    for (const hash of [undefined, '', 'x'.repeat(201)]) {
      expect(messages(resetPasswordBody.safeParse({ hash, password: NEW }))).toEqual(['Link inválido.']);
    }
  });
});
