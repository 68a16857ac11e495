import { describe, expect, it } from 'vitest';
import { REQUEST_STATUSES, statusLabel } from './request-status.ts';
import { REGULARIZATION_STATUSES, regularizationStatusOf, DIVERGENCE_TYPES } from './regularization.ts';

describe('Catálogo de status das solicitações', () => {
  it('tem os status 0 a 16, sem o 11', () => {
    expect(REQUEST_STATUSES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16]);
  });

  it('status 7 é "Aprovada" na UC Nova, "Aprovada Troca" nas trocas e "Aprovada Matrícula/RGI" na Nova Matrícula', () => {
    expect(statusLabel(7, 'energia', 'nova')).toBe('Aprovada');
    expect(statusLabel(7, 'energia', 'troca')).toBe('Aprovada Troca');
    expect(statusLabel(7, 'agua', 'troca')).toBe('Aprovada Troca');
    expect(statusLabel(7, 'agua', 'nova')).toBe('Aprovada Matrícula/RGI');
  });

  it('status 9 é "Recusada Célula - Tower" na energia e "Recusada Célula - Property" na água', () => {
    expect(statusLabel(9, 'energia', 'nova')).toBe('Recusada Célula - Tower');
    expect(statusLabel(9, 'energia', 'troca')).toBe('Recusada Célula - Tower');
    expect(statusLabel(9, 'agua', 'nova')).toBe('Recusada Célula - Property');
    expect(statusLabel(9, 'agua', 'troca')).toBe('Recusada Célula - Property');
  });

  it('os demais rótulos são os mesmos nos quatro formulários', () => {
    expect(statusLabel(8, 'agua', 'troca')).toBe('Inserida na Base Xerox/AME');
    expect(statusLabel(5, 'energia', 'nova')).toBe('Aprovada Célula - Aguardando Concessionária');
    expect(statusLabel(13, 'agua', 'nova')).toBe('Iniciado por Property Management');
  });
});

describe('Catálogo da regularização', () => {
  it('status 0 a 5 e tipos de divergência 1 e 2', () => {
    expect(REGULARIZATION_STATUSES.map((s) => s.label)).toEqual([
      'Divergente',
      'Processo Iniciado',
      'Em Andamento',
      'Aprovado Célula',
      'Atualizado na Base (Xerox/AME)',
      'Recusado pela Célula',
    ]);
    expect(DIVERGENCE_TYPES.map((d) => d.label)).toEqual(['CNPJ Diverge da UF', 'CNPJ/Razão Divergente']);
  });

  it('registro sem status aparece e se comporta como 0 (Divergente)', () => {
    expect(regularizationStatusOf(null)).toBe(0);
    expect(regularizationStatusOf(3)).toBe(3);
  });
});
