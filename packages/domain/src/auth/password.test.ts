import { describe, expect, it } from 'vitest';
import { newPasswordProblem, PASSWORD_TOO_SHORT, SAME_PASSWORD } from './password.ts';

describe('a change of password must change it', () => {
  it('the current password again is refused', () => {
    expect(newPasswordProblem('Portal@2026', 'Portal@2026')).toBe(SAME_PASSWORD);
  });

  it('a short one is refused for being short first', () => {
    expect(newPasswordProblem('curta', 'curta')).toBe(PASSWORD_TOO_SHORT);
  });

  it('another acceptable password passes', () => {
    expect(newPasswordProblem('Portal@2026', 'Outra#Senha2026')).toBeNull();
  });
});
