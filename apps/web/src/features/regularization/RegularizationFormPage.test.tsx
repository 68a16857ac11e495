import type { RegularizationRecord } from '@portal/domain/contracts/regularization';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../app/session/store.ts';
import { renderWeb } from '../../test/render.tsx';
import { userOf } from '../../test/fixtures.ts';
import { RegularizationFormPage } from './RegularizationFormPage.tsx';
import { REGULARIZATION_SCREENS } from './screens.ts';

const recordWith = (url_fatura: string | null): RegularizationRecord => {
  const blank = { endereco_id: null, site_id: null, regional: null, cep: null, uf: 'SP', cidade: null };
  return {
    id: 5,
    fluxo: 'energia',
    id_con: null,
    version: 1,
    status: 0,
    tipo_divergencia: 1,
    unidade: 'UC-1',
    ...blank,
    endereco: null,
    numero: null,
    bairro: null,
    complemento: null,
    cnpj_tim: null,
    sigla: null,
    numero_medidor: null,
    tipo_tensao: null,
    razao_social_fatura: null,
    razao_correta: null,
    cnpj_fatura: null,
    razao_social_correta: null,
    cnpj_correto: null,
    data_solicitacao: null,
    previsao_solicitacao: null,
    nova_unidade: null,
    url_fatura,
    solicitacao: null,
    resposta: null,
    anexo: null,
    anexos: [],
  };
};

function showRecord(record: RegularizationRecord) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: 0, dados: record }), { status: 200 })),
  );
  renderWeb(
    <Routes>
      <Route
        path="/consolidacao/cadastro/:id/editar"
        element={<RegularizationFormPage screen={REGULARIZATION_SCREENS.energia} />}
      />
    </Routes>,
    { route: '/consolidacao/cadastro/5/editar' },
  );
}

beforeEach(() => sessionStore.start('token', userOf('celula')));
afterEach(() => {
  // Unmounted first: a screen still mounted would re-render signed out.
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('the invoice link of a regularization (url_fatura links are http(s) only)', () => {
  it('links an https address', async () => {
    showRecord(recordWith('https://faturas.exemplo.com.br/uc-1.pdf'));
    const link = await screen.findByRole('link', { name: 'Última fatura' });
    expect(link.getAttribute('href')).toBe('https://faturas.exemplo.com.br/uc-1.pdf');
  });

  it.each(['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>'])(
    'renders no link for %j',
    async (url) => {
      showRecord(recordWith(url));
      await screen.findAllByRole('region', { name: 'Divergência' });
      expect(screen.queryByRole('link', { name: 'Última fatura' })).toBeNull();
      expect(document.querySelector('a[href*="script:"], a[href^="data:"]')).toBeNull();
    },
  );
});
