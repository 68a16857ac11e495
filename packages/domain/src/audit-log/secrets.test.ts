import { describe, expect, it } from 'vitest';
import { isSecretField, withoutSecrets } from './secrets.ts';

describe('the audit trail never shows a secret (GUIDE §7)', () => {
  it('hides a session, key or credential under any of its usual names', () => {
    for (const field of ['session_id', 'sessao', 'apiKey', 'authorization', 'cookie', 'pwd', 'credenciais']) {
      expect(isSecretField(field), field).toBe(true);
    }
  });

  it('shows the fields that only sound alike: the debit key, the password-change flag', () => {
    for (const field of ['chave_debito', 'trocar_senha', 'observacao', 'cargo']) {
      expect(isSecretField(field), field).toBe(false);
    }
  });

  it('hides a bearer credential whatever its field, and keeps words that merely start alike', () => {
    expect(
      withoutSecrets({
        nota: 'Bearer abc.def-123',
        observacao: 'Basic information sobre o site',
        x: '$argon2id$v=19$m',
      }),
    ).toEqual({ observacao: 'Basic information sobre o site' });
  });
});
