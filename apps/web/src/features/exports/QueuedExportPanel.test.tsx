import type { ExportRow } from '@portal/domain/contracts/exports';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWeb } from '../../test/render.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';

const row = (over: Partial<ExportRow>): ExportRow => ({
  id: 7,
  origem: 'novas-unidades/relatorio/exportar',
  titulo: 'Relatório UC Nova',
  formato: 'xlsx',
  situacao: 'na-fila',
  linhas_total: 48000,
  linhas_escritas: 0,
  nome_arquivo: null,
  tamanho: null,
  erro: null,
  criada_em: '2026-11-26T13:00:00.000Z',
  concluida_em: null,
  interrompida: false,
  expira_em: null,
  arquivo_url: null,
  ...over,
});
const READY = row({
  situacao: 'pronta',
  linhas_escritas: 48000,
  nome_arquivo: 'novas_unidades.xlsx',
  tamanho: 2_400_000,
  arquivo_url: '/api/exportacoes/7/arquivo',
});

/** The server as the button sees it: the export advances one step per progress read. */
function fakeApi(steps: ExportRow[]) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify({ error: 0, ...(body as object) }), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace('/api/', '');
      const method = init?.method ?? 'GET';
      calls.push({ method, path, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
      if (method === 'POST') return json({ dados: row({}) });
      if (path === 'exportacoes/7') return json({ dados: steps.shift() ?? READY });
      return new Response('PK', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="novas_unidades.xlsx"' },
      });
    }),
  );
  return calls;
}

const saved: string[] = [];
beforeEach(() => {
  saved.length = 0;
  URL.createObjectURL = () => 'blob:arquivo';
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Progress is read every second: a few reads take a few seconds.
const slow = { timeout: 6_000 };

async function exportAs(format: 'Excel (.xlsx)' | 'CSV (separado por ;)') {
  fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: format }));
}

describe('Exportar on a report: the server writes the file in the background', () => {
  it('asks with the list’s filters, shows “x de y registros”, downloads the ready file by itself and keeps “Baixar”', async () => {
    const calls = fakeApi([row({ situacao: 'gerando', linhas_escritas: 12000 })]);
    renderWeb(
      <ExportButton
        path="novas-unidades/relatorio/exportar"
        filters={{ status: 3, q: undefined, sort: 'id', order: 'desc' }}
      />,
    );
    await exportAs('Excel (.xlsx)');

    expect(await screen.findByText('Gerando arquivo…')).toBeTruthy();
    expect(calls[0]).toEqual({
      method: 'POST',
      path: 'exportacoes',
      body: {
        origem: 'novas-unidades/relatorio/exportar',
        formato: 'xlsx',
        filtros: { status: 3, sort: 'id', order: 'desc' },
      },
    });
    expect(await screen.findByText('12.000 de 48.000 registros', {}, slow)).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Progresso da exportação' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');

    expect(await screen.findByText('Arquivo pronto', {}, slow)).toBeTruthy();
    await waitFor(() => expect(saved).toEqual(['novas_unidades.xlsx']));
    expect(screen.getByText(/novas_unidades\.xlsx · 2,4 MB · 48\.000 de 48\.000 registros/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Baixar' }));
    await waitFor(() => expect(saved).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByRole('button', { name: 'Exportar' })).toBeTruthy();
  });

  it('“Fechar” while it is written leaves the export to the server: no more reads, nothing downloaded', async () => {
    const calls = fakeApi([row({ situacao: 'gerando', linhas_escritas: 1000 })]);
    renderWeb(<ExportButton path="novas-unidades/list/exportar" filters={{}} />);
    await exportAs('CSV (separado por ;)');
    expect(await screen.findByText(/fica em Minhas exportações/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await screen.findByRole('button', { name: 'Exportar' });
    const reads = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls).toHaveLength(reads);
    expect(saved).toEqual([]);
  });

  it('a failed export shows why', async () => {
    fakeApi([row({ situacao: 'falhou', erro: 'O arquivo não foi gerado: o usuário foi desativado.' })]);
    renderWeb(<ExportButton path="consolidacao/list/exportar" filters={{}} />);
    await exportAs('Excel (.xlsx)');
    expect(await screen.findByText('Não foi possível gerar o arquivo', {}, slow)).toBeTruthy();
    expect(screen.getByText('O arquivo não foi gerado: o usuário foi desativado.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Baixar' })).toBeNull();
  });
});

describe('Exportar on an administration list: streamed in the answer, as before', () => {
  it('downloads the file directly, with the filters in the query string', async () => {
    const calls = fakeApi([]);
    renderWeb(<ExportButton path="usuarios/list/exportar" filters={{ q: 'ana', status: undefined }} />);
    await exportAs('CSV (separado por ;)');
    await waitFor(() => expect(saved).toEqual(['novas_unidades.xlsx']));
    expect(calls).toEqual([{ method: 'GET', path: 'usuarios/list/exportar?q=ana&formato=csv' }]);
  });
});
