import { describe, expect, it } from 'vitest';
import { REPORTS, reportOf, reportOfForm } from './definitions.ts';

// The six reports (spec part 2 §2.10): where each screen lives, which call it makes, the file and
// sheet its export writes, and the menu entry that opens it.
describe('the six reports', () => {
  it('energy and water, each with new units, ownership changes and regularization', () => {
    expect(
      REPORTS.map((r) => [r.flow, r.key, r.title, r.path, r.api, r.fileName, r.sheetName, r.menuKey]),
    ).toEqual([
      [
        'energia',
        'novas-unidades',
        'Relatório UC Nova',
        '/relatorios/novas-unidades',
        'novas-unidades/relatorio',
        'novas_unidades',
        'Novas Unidades',
        'relatorios',
      ],
      [
        'energia',
        'troca-unidades',
        'Relatório Troca de Titularidade',
        '/relatorios/troca-unidades',
        'unidades/relatorio',
        'troca_unidades',
        'Troca Unidades',
        'relatorios',
      ],
      [
        'energia',
        'regularizacao',
        'Relatório Regularização CNPJ/Razão Social',
        '/relatorios/regularizacao',
        'consolidacao/relatorio',
        'regularizacao',
        'Regularização',
        'relatorios',
      ],
      [
        'agua',
        'novas-unidades',
        'Relatório Nova Matrícula',
        '/agua/relatorios/novas-unidades',
        'agua/novas-unidades/relatorio',
        'novas_unidades',
        'Novas Unidades',
        'agua-relatorios',
      ],
      [
        'agua',
        'troca-unidades',
        'Relatório Troca de Titularidade (Água)',
        '/agua/relatorios/troca-unidades',
        'agua/unidades/relatorio',
        'troca_unidades',
        'Troca Unidades',
        'agua-relatorios',
      ],
      [
        'agua',
        'regularizacao',
        'Relatório Regularização CNPJ/Razão Social (Água)',
        '/agua/relatorios/regularizacao',
        'agua/consolidacao/relatorio',
        'regularizacao',
        'Regularização',
        'agua-relatorios',
      ],
    ]);
  });

  it('the request reports list one kind of request each; regularization lists regularizations', () => {
    expect(reportOf('energia', 'novas-unidades').source).toEqual({ of: 'requests', kind: 'nova' });
    expect(reportOf('agua', 'troca-unidades').source).toEqual({ of: 'requests', kind: 'troca' });
    expect(reportOf('agua', 'regularizacao').source).toEqual({ of: 'regularizations' });
  });

  it('a request list’s export writes its form’s report', () => {
    expect(reportOfForm('energia', 'nova').key).toBe('novas-unidades');
    expect(reportOfForm('energia', 'troca')).toBe(reportOf('energia', 'troca-unidades'));
    expect(reportOfForm('agua', 'nova')).toBe(reportOf('agua', 'novas-unidades'));
    expect(reportOfForm('agua', 'troca').flow).toBe('agua');
  });
});
