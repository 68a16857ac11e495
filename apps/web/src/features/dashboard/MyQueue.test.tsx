import { REQUEST_STATUSES } from '@portal/domain';
import type { DashboardOverview, DashboardOverviewForm } from '@portal/domain/contracts/dashboard';
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
const overview = (...formularios: DashboardOverviewForm[]): DashboardOverview => ({
  hoje: '2026-03-01',
  formularios,
});

describe('"Aguardando minha ação" (issue 15 point 1)', () => {
  it('each waiting status is a link to the list filtered to exactly it, with the oldest age', () => {
    renderWeb(
      <MyQueue
        overview={overview(
          formOf({
            aguardando: [
              { status: 2, total: 1234, mais_antiga_dias: 12 },
              { status: 4, total: 0, mais_antiga_dias: null },
            ],
          }),
          formOf({ fluxo: 'agua', aguardando: [{ status: 4, total: 1, mais_antiga_dias: 1 }] }),
        )}
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
        overview={overview(
          formOf({
            fluxo: 'agua',
            tipo: 'troca',
            aguardando: [{ status: 4, total: 3, mais_antiga_dias: 2 }],
          }),
        )}
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
    renderWeb(<MyQueue overview={overview(formOf({}))} />);
    expect(screen.queryByRole('region', { name: 'Aguardando minha ação' })).toBeNull();
    expect(screen.queryByText('Aguardando minha ação')).toBeNull();
  });

  it('a role with a queue but nothing in it is told so', () => {
    renderWeb(
      <MyQueue
        overview={overview(formOf({ aguardando: [{ status: 0, total: 0, mais_antiga_dias: null }] }))}
      />,
    );
    expect(screen.getByText('Nada aguardando a sua ação no momento.')).toBeTruthy();
  });
});
