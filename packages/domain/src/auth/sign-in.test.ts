import { describe, expect, it } from 'vitest';
import { PERMISSION_FLAGS } from '../access/groups.ts';
import { loginBody, sessionUserSchema } from './sign-in.ts';

const firstMessages = (value: unknown) => {
  const result = loginBody.safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
};

describe('loginBody (zod/mini)', () => {
  it('takes an e-mail, trimmed, and a password', () => {
    expect(loginBody.parse({ email: '  ana@demo.portal ', password: 'x' })).toEqual({
      email: 'ana@demo.portal',
      password: 'x',
    });
  });

  it('names what is missing or too long, in Portuguese', () => {
    expect(firstMessages({ email: '   ', password: '' })).toEqual({
      email: 'Informe o e-mail.',
      password: 'Informe a senha.',
    });
    expect(firstMessages({})).toEqual({ email: 'Informe o e-mail.', password: 'Informe a senha.' });
    expect(firstMessages({ email: `${'a'.repeat(195)}@x.com`, password: 'p'.repeat(129) })).toEqual({
      email: 'O e-mail pode ter no máximo 200 caracteres.',
      password: 'A senha pode ter no máximo 128 caracteres.',
    });
  });
});

describe('sessionUserSchema (zod/mini)', () => {
  const user = {
    id: 1,
    name: 'Ana',
    email: 'ana@demo.portal',
    telefone: null,
    cnpj: null,
    empresa: null,
    razao_social: null,
    grupo: 1,
    grupo_nome: 'Célula',
    papel: 'celula',
    permissoes: Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, false])),
    perfil: 2,
    trocar_senha: 1,
    id_regional: null,
    regionais: [],
  };

  it('accepts the user as the server sends it', () => {
    expect(sessionUserSchema.parse(user)).toEqual(user);
  });

  it('refuses a stored user missing a field or with an unknown role', () => {
    const { name: _, ...withoutName } = user;
    expect(sessionUserSchema.safeParse(withoutName).success).toBe(false);
    expect(sessionUserSchema.safeParse({ ...user, papel: 'ninguem' }).success).toBe(false);
  });
});
