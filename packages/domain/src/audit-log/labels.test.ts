import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_CODES, auditActionLabel, auditEntityLabel } from './labels.ts';

describe('audit log labels', () => {
  it('every action has a Portuguese name; an unknown code shows as written', () => {
    for (const code of AUDIT_ACTION_CODES) expect(auditActionLabel(code)).not.toBe(code);
    expect(auditActionLabel('editar')).toBe('Edição');
    expect(auditActionLabel('acao-nova')).toBe('acao-nova');
    expect(auditActionLabel('constructor')).toBe('constructor');
  });

  it("each request form's entity names its form and flow", () => {
    expect(auditEntityLabel('solicitacao.energia.nova')).toBe('Solicitação: UC Nova (Energia)');
    expect(auditEntityLabel('solicitacao.agua.troca')).toBe('Solicitação: Troca de Titularidade (Água)');
    expect(auditEntityLabel('regional')).toBe('Regional');
    expect(auditEntityLabel('toString')).toBe('toString');
  });
});
