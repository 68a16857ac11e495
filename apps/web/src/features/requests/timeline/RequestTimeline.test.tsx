import { requestForm } from '@portal/domain';
import type { Timeline } from '@portal/domain/contracts/timeline';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWeb } from '../../../test/render.tsx';
import { RequestTimeline } from './RequestTimeline.tsx';

const SAVE = '2026-11-26T13:40:00.000Z';
const CREATED = '2026-11-25T09:05:00.000Z';

/** The server's answer for request 42: a regional's save (status, a field, a note) after the creation. */
const TIMELINE: Omit<Timeline, 'error'> = {
  dados: [
    { tipo: 'status', em: SAVE, por: 'Renata Regional', status: 2 },
    { tipo: 'campo', em: SAVE, por: 'Renata Regional', campo: 'Site ID', antes: 'SITE01', depois: 'SITE99' },
    { tipo: 'campo', em: SAVE, por: 'Renata Regional', campo: 'Complemento', antes: null, depois: 'Torre B' },
    { tipo: 'observacao', em: SAVE, por: 'Renata Regional', texto: 'Site corrigido' },
    { tipo: 'anexo_adicionado', em: CREATED, por: 'Sofia Solicitante', campo: 'Fatura', texto: 'fatura.pdf' },
    { tipo: 'status', em: CREATED, por: 'Sofia Solicitante', status: 0 },
  ],
  anexos: [],
};

function fakeApi() {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace('/api/', '');
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const body = path.endsWith('/linha-do-tempo') ? TIMELINE : { dados: [] };
      return new Response(JSON.stringify({ error: 0, ...body }), { status: 200 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());
const slow = { timeout: 5_000 };

describe('the record page timeline (issue 15 item 4)', () => {
  it('reads the timeline call of the record form and shows one event per save with who and when', async () => {
    const calls = fakeApi();
    renderWeb(<RequestTimeline form={requestForm('energia', 'nova')} id={42} />);
    const change = await screen.findByText('Site ID: SITE01 → SITE99', {}, slow);
    expect(calls).toContainEqual({ path: 'novas-unidades/linha-do-tempo', body: { id_unidade: 42 } });

    const events = document.querySelectorAll('.mantine-Timeline-item');
    expect(events).toHaveLength(2);
    const latest = events[0] as HTMLElement;
    expect(latest.contains(change)).toBe(true);
    expect(within(latest).getByText('Renata Regional', { exact: false }).textContent).toMatch(
      /Renata Regional em \d{2}\/11\/2026 às \d{2}:40/,
    );
    expect(within(latest).getByText('Complemento: (vazio) → Torre B')).toBeTruthy();
    expect(within(latest).getByText('Observação: Site corrigido')).toBeTruthy();
    expect(within(latest).getByText('Aprovada Regional')).toBeTruthy();
    const first = events[1] as HTMLElement;
    expect(within(first).getByText('Anexo adicionado: Fatura (fatura.pdf)')).toBeTruthy();
    expect(within(first).getByText('Solicitação Iniciada')).toBeTruthy();
  });
});
