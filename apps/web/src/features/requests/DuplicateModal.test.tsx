import { requestForm, type DuplicateMatch } from '@portal/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWeb } from '../../test/render.tsx';
import { DuplicateModal } from './DuplicateModal.tsx';
import type { DuplicateWarning } from './useDuplicateCheck.ts';

const match = (origem: DuplicateMatch['origem'], over: Partial<DuplicateMatch> = {}): DuplicateMatch => ({
  origem,
  sge: origem === 'base',
  id: 41,
  UC: '3001234567',
  Rz_Social: 'Empresa Demo',
  Concessionaria: 'ENEL SP',
  Endereco: 'Rua das Flores, 10',
  Bairro: 'Centro',
  Cidade: 'São Paulo',
  Estado: 'SP',
  Status: origem === 'base' ? 'Ativa' : 'Solicitação Iniciada',
  ...over,
});

const show = (form = requestForm('energia', 'nova'), warning: DuplicateWarning) =>
  renderWeb(<DuplicateModal form={form} warning={warning} onClose={() => {}} onOverride={() => {}} />);

describe('duplicate modal: the Endereço ID has its own title and names the matched value (spec part 1 §5, part 2 §5)', () => {
  it('an Endereço ID in the workflow: its own title, the value typed, no way around', () => {
    show(undefined, { key: 'endereco_id', value: 'SPO-0042', matches: [match('workflow')] });
    expect(screen.getByText('Endereço ID já Cadastrado no Workflow')).toBeTruthy();
    expect(
      screen.getByText(
        'Endereço ID SPO-0042 já possui uma solicitação em andamento. Entre em contato com a regional responsável.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cadastrar mesmo assim?' })).toBeNull();
  });

  it('an Endereço ID in the provider base: its own title, the value typed, and the form’s override', () => {
    show(requestForm('energia', 'troca'), {
      key: 'endereco_id',
      value: 'SPO-0042',
      matches: [match('base')],
    });
    expect(screen.getByText('Endereço ID já Cadastrado na Base Xerox/AM Energia')).toBeTruthy();
    expect(screen.getByText('Endereço ID SPO-0042 já consta na base Xerox/AM Energia.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Solicitar Novo Cadastro' })).toBeTruthy();
    expect(screen.getByText('Ativa')).toBeTruthy();
  });

  it('a unit keeps the form’s own title (energy Unidade, water Matrícula/RGI)', () => {
    const { unmount } = show(undefined, {
      key: 'unidade',
      value: '3001234567',
      matches: [match('workflow')],
    });
    expect(screen.getByText('Unidade já Cadastrada no Workflow')).toBeTruthy();
    expect(screen.queryByText(/Endereço ID já/)).toBeNull();
    unmount();
    show(requestForm('agua', 'nova'), { key: 'unidade', value: '998877', matches: [match('base')] });
    expect(screen.getByText('Matrícula/RGI já Cadastrada na Base Xerox/AM Energia')).toBeTruthy();
    expect(screen.getByText('Matrícula/RGI 998877 já consta na base Xerox/AM Energia.')).toBeTruthy();
  });

  it('a workflow match outside the caller’s scope shows that it exists, without its details', () => {
    show(undefined, {
      key: 'endereco_id',
      value: 'SPO-0042',
      matches: [match('workflow', { id: null, UC: '', Endereco: '', Status: '' })],
    });
    expect(screen.getByText('Endereço ID já Cadastrado no Workflow')).toBeTruthy();
    expect(screen.getByText('Solicitação de outra empresa ou regional.')).toBeTruthy();
    expect(screen.queryByText('Rua das Flores, 10')).toBeNull();
  });
});
