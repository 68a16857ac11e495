import { REQUEST_STATUSES } from '@portal/domain';
import type {
  DashboardInboxTask,
  DashboardOverview,
  DashboardOverviewForm,
} from '@portal/domain/contracts/dashboard';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWeb } from '../../test/render.tsx';
import { MyQueue } from './MyQueue.tsx';

const formOf = (over: Partial<DashboardOverviewForm>): DashboardOverviewForm => ({
  fluxo: 'energia',
  tipo: 'nova',
  status: REQUEST_STATUSES.map((status) => ({ status, total: 0 })),
  aguardando: [],
  idade: [],
  regionais: [],
  ...over,
});
const overview = (
  formularios: DashboardOverviewForm[],
  tarefas: DashboardInboxTask[] = [],
): DashboardOverview => ({ hoje: '2026-03-01', formularios, tarefas });

describe('"Aguardando minha ação" (issue 15 point 1)', () => {
  it('holds the work outside the request forms too, each linked to the list that shows it (issue 34)', () => {
    renderWeb(
      <MyQueue
        overview={overview(
          [formOf({ aguardando: [{ status: 2, total: 2, mais_antiga_dias: 3 }] })],
          [
            { tipo: 'regularizacao', fluxo: 'energia', status: 0, total: 6 },
            { tipo: 'regularizacao', fluxo: 'agua', status: 1, total: 0 },
            { tipo: 'confirmacao-base', fluxo: 'agua', situacao: 'na-base', total: 4 },
            { tipo: 'pos-aprovacao', lista: 'validacao-final', total: 1 },
          ],
        )}
      />,
    );
    const divergences = screen.getByRole('link', {
      name: '6 em Divergente (Regularização CNPJ/Razão Social)',
    });
    expect(divergences.getAttribute('href')).toBe('/consolidacao?status=0');
    const confirm = screen.getByRole('link', {
      name: '4 em Na base: prontas para confirmar (Confirmação na Base (Água))',
    });
    expect(confirm.getAttribute('href')).toBe('/confirmacao-base?fluxo=agua&situacao=na-base');
    const stage = screen.getByRole('link', {
      name: '1 em Aguardando Validação Final (Validação Final de UC)',
    });
    expect(stage.getAttribute('href')).toBe('/validacao-final-uc');
    // Nothing waiting in water regularization: no row; the total adds every row once.
    expect(screen.queryByTestId('fila-regularizacao-agua-1')).toBeNull();
    expect(screen.getByTestId('fila-total').textContent).toBe('13');
  });

  it('a role whose only work is outside the request forms still gets its queue', () => {
    renderWeb(
      <MyQueue overview={overview([], [{ tipo: 'pos-aprovacao', lista: 'acompanhamento', total: 0 }])} />,
    );
    expect(screen.getByText('Nada aguardando a sua ação no momento.')).toBeTruthy();
  });

  it('each waiting status is a link to the list filtered to exactly it, with the oldest age', () => {
    renderWeb(
      <MyQueue
        overview={overview([
          formOf({
            aguardando: [
              { status: 2, total: 1234, mais_antiga_dias: 12 },
              { status: 4, total: 0, mais_antiga_dias: null },
            ],
          }),
          formOf({ fluxo: 'agua', aguardando: [{ status: 4, total: 1, mais_antiga_dias: 1 }] }),
        ])}
      />,
    );
    const energy = screen.getByRole('link', { name: '1.234 em Aprovada Regional (UC Nova, Energia)' });
    expect(energy.getAttribute('href')).toBe('/cadastro-uc-nova?status=2');
    expect(screen.getByText('12 dias')).toBeTruthy();
    const water = screen.getByRole('link', { name: '1 em Em Validação Célula (Nova Matrícula, Água)' });
    expect(water.getAttribute('href')).toBe('/agua/cadastro-uc-nova?status=4');
    // A status with nothing waiting gets no row.
    expect(screen.queryByText('Em Validação Célula', { selector: 'td' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('fila-total').textContent).toBe('1.235');
  });

  it('a form whose title names its flow is not given the flow twice (issue 15 item 7)', () => {
    renderWeb(
      <MyQueue
        overview={overview([
          formOf({
            fluxo: 'agua',
            tipo: 'troca',
            aguardando: [{ status: 4, total: 3, mais_antiga_dias: 2 }],
          }),
        ])}
      />,
    );
    expect(
      screen.getByRole('link', { name: '3 em Em Validação Célula (Troca de Titularidade (Água))' }),
    ).toBeTruthy();
    const row = screen.getByTestId('fila-agua-troca-4');
    expect(row.textContent).toContain('Troca de Titularidade (Água)');
    expect(row.textContent!.split('Água')).toHaveLength(2);
  });

  it('a role that moves nothing (a requester, profile 3 Consulta) is shown no queue at all', () => {
    renderWeb(<MyQueue overview={overview([formOf({})])} />);
    expect(screen.queryByRole('region', { name: 'Aguardando minha ação' })).toBeNull();
    expect(screen.queryByText('Aguardando minha ação')).toBeNull();
  });

  it('a role with a queue but nothing in it is told so', () => {
    renderWeb(
      <MyQueue
        overview={overview([formOf({ aguardando: [{ status: 0, total: 0, mais_antiga_dias: null }] })])}
      />,
    );
    expect(screen.getByText('Nada aguardando a sua ação no momento.')).toBeTruthy();
  });
});
