import type { ImportRunRow } from '@portal/domain/contracts/reconciliation';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWeb } from '../../test/render.tsx';
import { ImportRunsTable } from './ImportRunsTable.tsx';

const run = (over: Partial<ImportRunRow>): ImportRunRow => ({
  id: 7,
  fluxo: 'energia',
  usuario: 'Alberto Operador AME',
  nome_arquivo: 'base.csv',
  situacao: 'na-fila',
  linhas_lidas: 0,
  linhas_aceitas: 0,
  linhas_rejeitadas: 0,
  divergencias_abertas: 0,
  divergencias_fechadas: 0,
  erro: null,
  rejeitadas_url: null,
  iniciada_em: '2026-11-26T13:00:00.000Z',
  concluida_em: null,
  interrompida: false,
  ...over,
});

/** The runs list as the server answers it, one answer per call, the last one repeated. */
function fakeRuns(...answers: ImportRunRow[][]) {
  const calls = vi.fn(async () => {
    const dados = answers.length > 1 ? answers.shift()! : answers[0]!;
    return new Response(JSON.stringify({ error: 0, total: dados.length, dados }), { status: 200 });
  });
  vi.stubGlobal('fetch', calls);
  return calls;
}

// The table shows a column only where its media query matches; jsdom's stand-in matches none.
const matchMedia = window.matchMedia;
beforeEach(() => {
  window.matchMedia = (query) => ({ ...matchMedia(query), matches: true });
});
afterEach(() => {
  window.matchMedia = matchMedia;
  vi.unstubAllGlobals();
});

describe('the runs of /conciliacao-da-base while the queue works (issue 16)', () => {
  it('a queued run shows "Na fila" with the note of a failed attempt, and is followed until it ends, announced once', async () => {
    const calls = fakeRuns(
      [run({ erro: 'Tentativa 1 falhou; o portal tenta de novo em 30 s.' })],
      [run({ situacao: 'aplicada', linhas_lidas: 3, linhas_aceitas: 3 })],
    );
    const onEnded = vi.fn();
    renderWeb(<ImportRunsTable watching={7} onEnded={onEnded} />);
    expect(await screen.findByText('Na fila')).toBeTruthy();
    expect(screen.getByText('Tentativa 1 falhou; o portal tenta de novo em 30 s.')).toBeTruthy();

    await waitFor(() => expect(screen.getByText('Aplicada')).toBeTruthy(), { timeout: 5_000 });
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(onEnded.mock.calls[0]![0]).toMatchObject({ id: 7, situacao: 'aplicada', linhas_aceitas: 3 });
    // Nothing under way any more: the list stops asking.
    const asked = calls.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(calls.mock.calls.length).toBe(asked);
  });

  it('a run whose server died while applying shows "Interrompida — será retomada", then its end when it resumes (issue 30)', async () => {
    fakeRuns(
      [run({ situacao: 'aplicando', interrompida: true })],
      [run({ situacao: 'aplicada', linhas_lidas: 3, linhas_aceitas: 3 })],
    );
    renderWeb(<ImportRunsTable watching={7} onEnded={vi.fn()} />);
    expect(await screen.findByText('Interrompida — será retomada')).toBeTruthy();
    expect(screen.queryByText('Aplicando')).toBeNull();
    await waitFor(() => expect(screen.getByText('Aplicada')).toBeTruthy(), { timeout: 5_000 });
  });

  it('a run already ended when the page comes back is shown, not announced again for another run', async () => {
    fakeRuns([run({ id: 8, situacao: 'falhou', erro: 'O arquivo está vazio.' })]);
    const onEnded = vi.fn();
    renderWeb(<ImportRunsTable watching={7} onEnded={onEnded} />);
    expect(await screen.findByText('Falhou')).toBeTruthy();
    expect(screen.getByText('O arquivo está vazio.')).toBeTruthy();
    expect(onEnded).not.toHaveBeenCalled();
  });
});
