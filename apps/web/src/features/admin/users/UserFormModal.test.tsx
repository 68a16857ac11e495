import type { UserOptions } from '@portal/domain/contracts/admin';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/store.ts';
import { renderWeb } from '../../../test/render.tsx';
import { userOf } from '../../../test/fixtures.ts';
import { UserFormModal } from './UserFormModal.tsx';

const OPTIONS: UserOptions = {
  empresas: [
    {
      id: 1,
      razao_social: 'Operadora Telecom Brasil S.A.',
      fluxo: 'energia',
      status: true,
      lado: 'operadora',
    },
    { id: 2, razao_social: 'Xerox/AM Energia Ltda.', fluxo: 'energia', status: true, lado: 'provedor' },
    { id: 3, razao_social: 'Torres Brasil S.A.', fluxo: 'energia', status: true, lado: 'operadora' },
  ],
  grupos: [],
  perfis: [],
  regionais: [],
};

async function offeredCompanies() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: 0, dados: OPTIONS }), { status: 200 })),
  );
  renderWeb(<UserFormModal onClose={() => {}} />);
  const [select] = await screen.findAllByLabelText(/^Empresa/, { selector: 'input' });
  await vi.waitFor(() => expect(select!.getAttribute('placeholder')).toBe('Selecione'));
  fireEvent.click(select!);
  const list = await screen.findByRole('listbox');
  return within(list)
    .getAllByRole('option')
    .map((o) => o.textContent);
}

afterEach(() => {
  // Unmounted first: a form still mounted would re-render signed out.
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe("the user form's company select offers only companies of the administrator's side", () => {
  beforeEach(() => sessionStore.start('token', userOf('amee')));
  it("the provider's administrator is offered only the provider's companies", async () => {
    expect(await offeredCompanies()).toEqual(['Xerox/AM Energia Ltda.']);
  });
});

describe('the cell administers both sides', () => {
  beforeEach(() => sessionStore.start('token', userOf('celula', 1)));
  it('is offered every company', async () => {
    expect(await offeredCompanies()).toEqual([
      'Operadora Telecom Brasil S.A.',
      'Xerox/AM Energia Ltda.',
      'Torres Brasil S.A.',
    ]);
  });
});
