import { Select, Switch, TextInput } from '@mantine/core';
import { REASON_NAME_MAX, REFUSAL_MOVES, refusalMoveLabel, type RefusalMove } from '@portal/domain';
import {
  refusalReasonAddBody,
  refusalReasonEditBody,
} from '@portal/domain/contracts/calls/admin/refusal-reasons';
import { charCounter } from '../../../ui/charCounter.tsx';
import { FormModal } from '../shared/FormModal.tsx';
import { useRecordForm } from '../shared/useRecordForm.ts';
import { refusalReasonsResource, type RefusalReasonRow } from './api.ts';

interface Props {
  /** Undefined for a new reason. */
  record?: RefusalReasonRow;
  /** The list's move filter, proposed for a new reason. */
  movimento: RefusalMove | null;
  onClose: () => void;
}

interface Values {
  movimento: string;
  nome: string;
  ativo: boolean;
}

/** A reason's move is chosen once: the histories that name it must keep meaning the same. */
export function RefusalReasonFormModal({ record, movimento, onClose }: Props) {
  const editing = record !== undefined;
  const { form, onSubmit, pending, problem } = useRecordForm<Values>({
    resource: refusalReasonsResource,
    schema: editing ? refusalReasonEditBody : refusalReasonAddBody,
    mode: editing ? 'edit' : 'add',
    initialValues: {
      movimento: record?.movimento ?? movimento ?? '',
      nome: record?.nome ?? '',
      ativo: record?.ativo ?? true,
    },
    toBody: (values) =>
      editing
        ? { id: record.id, nome: values.nome, ativo: values.ativo }
        : { movimento: values.movimento || undefined, nome: values.nome, ativo: values.ativo },
    version: record?.version,
    onSaved: onClose,
  });

  return (
    <FormModal
      title={editing ? 'Editar motivo de recusa' : 'Novo motivo de recusa'}
      editing={editing}
      size="md"
      onClose={onClose}
      onSubmit={onSubmit}
      pending={pending}
      problem={problem}
    >
      {editing ? (
        <TextInput label="Ação" value={refusalMoveLabel(record.movimento)} readOnly variant="filled" />
      ) : (
        <Select
          label="Ação"
          required
          data={REFUSAL_MOVES.map((m) => ({ value: m.move, label: m.label }))}
          {...form.getInputProps('movimento')}
        />
      )}
      <TextInput
        label="Motivo"
        required
        data-autofocus
        {...charCounter(form.values.nome, REASON_NAME_MAX)}
        {...form.getInputProps('nome')}
      />
      <Switch label="Ativo (oferecido ao recusar)" {...form.getInputProps('ativo', { type: 'checkbox' })} />
    </FormModal>
  );
}
