import { editPathFor, requestForm } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWeb } from '../../../test/render.tsx';
import { BulkMoveResults } from './BulkMoveResults.tsx';

const form = requestForm('energia', 'nova');

describe('bulk move results: each row says what happened (issue 34 step 4)', () => {
  it('lists refused and changed rows first with their reason, moved rows after, and counts each outcome', () => {
    renderWeb(
      <BulkMoveResults
        form={form}
        results={[
          { id: 11, unidade: 'UC11', resultado: 'movida', msg: 'Movida para "Aprovada".' },
          { id: 12, unidade: 'UC12', resultado: 'recusada', msg: 'O campo Tipo de Pagamento é obrigatório.' },
          {
            id: 13,
            unidade: 'UC13',
            resultado: 'alterada',
            msg: 'Este registro foi alterado por outro usuário. Recarregue a página.',
          },
          { id: 14, unidade: null, resultado: 'recusada', msg: 'Solicitação não encontrada.' },
        ]}
      />,
    );
    const summary = screen.getByLabelText('Resumo do lote');
    expect(summary.textContent).toBe('Recusada: 2Alterada enquanto isso: 1Movida: 1');

    const rows = within(screen.getByRole('table', { name: 'Resultado por solicitação' })).getAllByRole('row');
    const cells = rows.slice(1).map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ['12', 'UC12', 'Recusada', 'O campo Tipo de Pagamento é obrigatório.'],
      ['14', '—', 'Recusada', 'Solicitação não encontrada.'],
      [
        '13',
        'UC13',
        'Alterada enquanto isso',
        'Este registro foi alterado por outro usuário. Recarregue a página.',
      ],
      ['11', 'UC11', 'Movida', '—'],
    ]);
  });

  it('a row the user may see links to its record; one not found has no link (nothing is known of it)', () => {
    renderWeb(
      <BulkMoveResults
        form={form}
        results={[
          { id: 21, unidade: 'UC21', resultado: 'movida', msg: 'Movida.' },
          { id: 22, unidade: null, resultado: 'recusada', msg: 'Solicitação não encontrada.' },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: '21' }).getAttribute('href')).toBe(editPathFor(form, 21));
    expect(screen.queryByRole('link', { name: '22' })).toBeNull();
  });
});
