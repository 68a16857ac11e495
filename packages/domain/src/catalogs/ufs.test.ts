import { describe, expect, it } from 'vitest';
import { isValidCnpj } from '../validators/cnpj.ts';
import { CLIENT_CNPJ_ROOT, UFS, clientCnpjForUf } from './ufs.ts';

describe('Tabela UF → CNPJ do cliente', () => {
  it('tem as 27 unidades federativas, sem repetição', () => {
    expect(UFS).toHaveLength(27);
    expect(new Set(UFS.map((u) => u.uf)).size).toBe(27);
  });

  it('todos os CNPJs têm a mesma raiz e filiais distintas', () => {
    expect(UFS.every((u) => u.cnpjCliente.startsWith(CLIENT_CNPJ_ROOT))).toBe(true);
    expect(new Set(UFS.map((u) => u.cnpjCliente.slice(8, 12))).size).toBe(27);
  });

  it('todos os CNPJs da tabela têm dígitos verificadores corretos', () => {
    for (const u of UFS) expect(isValidCnpj(u.cnpjCliente), u.uf).toBe(true);
  });

  it('escolher a UF preenche o cnpj_tim; UF desconhecida não preenche', () => {
    expect(clientCnpjForUf('sp')).toBe('31447205002600');
    expect(clientCnpjForUf('XX')).toBeNull();
  });
});
