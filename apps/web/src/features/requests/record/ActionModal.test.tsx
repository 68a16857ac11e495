import { useForm } from '@mantine/form';
import {
  formFieldLabel,
  reasonRequired,
  requestActions,
  requestForm,
  requestPolicy,
  STATUS,
} from '@portal/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { idleFieldContext, userOf } from '../../../test/fixtures.ts';
import { renderWeb } from '../../../test/render.tsx';
import { NO_REASON } from '../../refusal-reasons/reason-value.ts';
import { initialValues, type FormValues } from '../formModel.ts';
import { ActionModal } from './ActionModal.tsx';

const MARK = /\s*\*$/;

// jsdom has no font loading API; the observation's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
    configurable: true,
  });
}

function Modal({ papel, status, label }: { papel: 'celula' | 'regional'; status: number; label: string }) {
  const form = requestForm('energia', 'nova');
  const input = { actor: userOf(papel), flow: form.flow, kind: form.kind, currentStatus: status as never };
  const action = requestActions(input).find((a) => a.label === label)!;
  const editor = useForm<FormValues>({ initialValues: initialValues(undefined) });
  const move = reasonRequired('solicitacao', status, action.status);
  return (
    <ActionModal
      form={form}
      action={action}
      policy={requestPolicy(input)}
      problems={{}}
      chosenFiles={[]}
      pending={false}
      reason={move && { move, value: NO_REASON, error: null, textError: null }}
      onReasonChange={vi.fn()}
      onConfirm={vi.fn()}
      onClose={vi.fn()}
      ctx={idleFieldContext(form, editor)}
    />
  );
}

/** The labels of the inputs the dialog asks for, without Mantine's required mark, and whether each is marked. */
const asked = () =>
  [...screen.getByRole('dialog').querySelectorAll('label')].map((l) => ({
    label: (l.textContent ?? '').replace(MARK, ''),
    required: MARK.test(l.textContent ?? ''),
  }));

describe('the confirmation of an action asks exactly what that move requires', () => {
  it('the cell approving: the tariff and cost fields, all required, and the observation (optional)', () => {
    renderWeb(<Modal papel="celula" status={STATUS.EM_VALIDACAO_CELULA} label="Aprovar" />);
    screen.getByRole('dialog', { name: 'Aprovar' });
    screen.getByText('Aprovada');
    const form = requestForm('energia', 'nova');
    const action = requestActions({
      actor: userOf('celula'),
      flow: 'energia',
      kind: 'nova',
      currentStatus: STATUS.EM_VALIDACAO_CELULA,
    }).find((a) => a.label === 'Aprovar')!;
    expect(asked()).toEqual([
      ...action.requiredFields.map((f) => ({ label: formFieldLabel(form, f), required: true })),
      { label: 'Observação', required: false },
    ]);
    screen.getByRole('button', { name: 'Confirmar: Aprovar' });
  });

  it('the regional refusing: the observation becomes required and Endereço ID is released (Site ID stays)', () => {
    renderWeb(<Modal papel="regional" status={STATUS.INICIADA} label="Recusar" />);
    expect(asked()).toEqual([
      { label: 'Motivo da recusa', required: true },
      { label: 'Detalhe do motivo', required: false },
      { label: 'Site ID', required: true },
      { label: 'Observação', required: true },
    ]);
  });

  it('every refusal or return asks its reason (issue 34 step 3): the cell returning to the tower', () => {
    renderWeb(<Modal papel="celula" status={STATUS.EM_VALIDACAO_CELULA} label="Devolver à Tower" />);
    const labels = asked().map((a) => a.label);
    expect(labels.slice(0, 2)).toEqual(['Motivo da recusa', 'Detalhe do motivo']);
  });

  it('the cell sending to the concessionaire asks nothing of the requester’s data', () => {
    renderWeb(
      <Modal papel="celula" status={STATUS.EM_VALIDACAO_CELULA} label="Enviar para a concessionária" />,
    );
    const labels = asked().map((a) => a.label);
    expect(labels).not.toContain('Unidade');
    expect(labels).toContain('Tipo de Pagamento');
  });
});
