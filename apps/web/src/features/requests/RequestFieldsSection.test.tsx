import { useForm } from '@mantine/form';
import type { RequestForm, RequestPolicy } from '@portal/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { idleFieldContext, policyCase, recordOf, userOf } from '../../test/fixtures.ts';
import { renderWeb } from '../../test/render.tsx';
import type { RequestRecord } from './api.ts';
import { initialValues, type FormValues } from './formModel.ts';
import { RequestFieldsSection } from './RequestFieldsSection.tsx';

/** The section as the editor mounts it: a real form holding the record's values, lookups idle. */
function Section({
  form,
  policy,
  record,
}: {
  form: RequestForm;
  policy: RequestPolicy;
  record?: RequestRecord;
}) {
  const editor = useForm<FormValues>({ initialValues: initialValues(record) });
  return (
    <RequestFieldsSection
      policy={policy}
      requestedAt={record?.data_pedido}
      ctx={idleFieldContext(form, editor)}
    />
  );
}

const show = (props: Parameters<typeof Section>[0]) => renderWeb(<Section {...props} />);

/** Mantine marks a required field with an asterisk after its label. */
const MARK = /\s*\*$/;

/** Everything a user finds by a label: an input, a select's option list, or a read-only value (text). */
const labelled = (label: string) =>
  screen.getAllByLabelText<HTMLElement>((text) => text.replace(MARK, '') === label);

/** The input a user finds by its label, marked or not; undefined when the field reads as text. */
const maybeInput = (label: string) =>
  labelled(label).find((el): el is HTMLInputElement => el instanceof HTMLInputElement);

const input = (label: string) => {
  const el = maybeInput(label);
  if (!el) throw new Error(`${label} não é um campo editável`);
  return el;
};

/** A value the user may not change, shown as text under its label (issue 15), not as a disabled input. */
const readOnlyText = (label: string) => {
  const el = labelled(label).find((e) => e.closest('[data-readonly-field]'));
  if (!el) throw new Error(`${label} não aparece como texto`);
  return el.textContent;
};

/** What the user can tell of a field: may I type in it, and is it marked required? */
const state = (label: string) => {
  const el = maybeInput(label);
  if (!el) {
    readOnlyText(label);
    return { enabled: false, required: false };
  }
  const marked = MARK.test(el.labels?.[0]?.textContent ?? '');
  // The mark and the browser's own required flag must tell the same thing.
  expect(el.required, `required flag of ${label}`).toBe(marked);
  return { enabled: !el.disabled, required: marked };
};

describe('RequestFieldsSection: fields locked and marked as the policy says', () => {
  it('a maximum is shown as a counter and the input does not cut a longer text (issue 15 item 7)', () => {
    show(policyCase('energia', 'nova', userOf('solicitante'), null));
    const unit = input('Unidade');
    expect(unit.maxLength).toBe(-1);
    expect(screen.getAllByText('0/20 caracteres').length).toBeGreaterThan(0);
  });

  it('a requester creating a unit fills the unit and the address, with the required ones marked', () => {
    show(policyCase('energia', 'nova', userOf('solicitante'), null));
    expect(state('Unidade')).toEqual({ enabled: true, required: true });
    expect(state('Cidade')).toEqual({ enabled: true, required: true });
    expect(state('CNPJ/CPF da UC Solicitada')).toEqual({ enabled: true, required: true });
    expect(state('Endereço ID')).toEqual({ enabled: true, required: false });
    expect(state('Complemento')).toEqual({ enabled: true, required: false });
  });

  it("a requester sees none of the cell's fields or blocks", () => {
    show(policyCase('energia', 'nova', userOf('solicitante'), null));
    expect(screen.queryByLabelText(/^Tipo de Pagamento/)).toBeNull();
    expect(screen.queryByLabelText(/^Tipo de Loja/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Dados da Célula' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Acompanhamento da Concessionária' })).toBeNull();
  });

  it('the regional at status 0 edits only the address ids, both required, and sees the rest locked', () => {
    const record = recordOf('energia', 'nova', { status: 0, unidade: 'UC-1', endereco_id: 'E-1' });
    show({ ...policyCase('energia', 'nova', userOf('regional'), 0), record });
    expect(state('Endereço ID')).toEqual({ enabled: true, required: true });
    expect(state('Site ID')).toEqual({ enabled: true, required: true });
    expect(state('Unidade')).toEqual({ enabled: false, required: false });
    expect(state('Cidade')).toEqual({ enabled: false, required: false });
    expect(state('CEP')).toEqual({ enabled: false, required: false });
    expect(readOnlyText('Unidade')).toBe('UC-1');
  });

  it('a read-only profile (Consulta) sees every field of its role as text: no input, nothing marked required', () => {
    const record = recordOf('energia', 'nova', { status: 4 });
    const { policy, form } = policyCase('energia', 'nova', userOf('celula', 3), 4);
    const { container } = show({ form, policy, record });
    expect(screen.getByRole('region', { name: 'Dados da Célula' })).toBeTruthy();
    // Every field the cell sees (but the observation, which has its own section) and the two derived facts.
    expect(container.querySelectorAll('[data-readonly-field]')).toHaveLength(
      policy.visibleFields.length - 1 + 2,
    );
    expect(
      [...container.querySelectorAll('input, textarea')].filter(
        (el) => (el as HTMLInputElement).type !== 'hidden',
      ),
    ).toEqual([]);
    expect(container.textContent).not.toMatch(/\*/);
  });

  it('the cell deciding at status 4 fills its own blocks and cannot change what the requester typed', () => {
    show(policyCase('energia', 'nova', userOf('celula'), 4));
    expect(state('Tipo de Pagamento').enabled).toBe(true);
    expect(state('Protocolo').enabled).toBe(true);
    expect(state('Unidade').enabled).toBe(false);
    expect(state('Tipo de Loja').enabled).toBe(false);
  });

  it('choosing Aprovada at the cell marks the tariff fields required', () => {
    const holding = policyCase('energia', 'nova', userOf('celula'), 4);
    const { unmount } = show(holding);
    expect(state('Classe Tarifária').required).toBe(false);
    unmount();
    show(policyCase('energia', 'nova', userOf('celula'), 4, 7));
    expect(state('Classe Tarifária')).toEqual({ enabled: true, required: true });
    expect(state('Tipo de Pagamento')).toEqual({ enabled: true, required: true });
  });

  it('a water form shows its own labels', () => {
    show(policyCase('agua', 'nova', userOf('solicitante'), null));
    expect(state('Matrícula/RGI')).toEqual({ enabled: true, required: true });
    expect(state('Hidrômetro')).toEqual({ enabled: true, required: true });
    expect(screen.queryByLabelText(/^Tipo de Tensão/)).toBeNull();
  });

  it("the water change's Unidade Nova is a general field, shown locked to the requester", () => {
    show(policyCase('agua', 'troca', userOf('solicitante'), null));
    const general = screen.getByRole('region', { name: 'Dados da Solicitação' });
    expect(general.contains(labelled('Unidade Nova')[0]!)).toBe(true);
    expect(state('Unidade Nova')).toEqual({ enabled: false, required: false });
  });

  it("the client's CNPJ and the request date are shown, never editable", () => {
    const record = recordOf('energia', 'nova', {
      status: 0,
      uf: 'SP',
      data_pedido: '2024-05-02T13:00:00.000Z',
    });
    show({ ...policyCase('energia', 'nova', userOf('regional'), 0), record });
    expect(maybeInput('CNPJ TIM')).toBeUndefined();
    expect(readOnlyText('CNPJ TIM')).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
    expect(readOnlyText('Data da Solicitação')).toBe('02/05/2024');
  });
});
