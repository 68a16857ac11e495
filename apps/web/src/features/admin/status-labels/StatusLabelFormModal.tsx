import { REFERENCE_TEXT_MAX, statusLabelEditBody } from '@portal/domain';
import { SimpleGrid, TextInput } from '@mantine/core';
import { FormModal } from '../shared/FormModal.tsx';
import { useRecordForm } from '../shared/useRecordForm.ts';
import { statusKindLabel, statusLabelsResource, type StatusLabelRow } from './api.ts';
import { charCounter } from '../../../ui/charCounter.tsx';

interface Props {
  record: StatusLabelRow;
  onClose: () => void;
}

/** Only the label changes: codes and the rules tied to them belong to the domain. */
export function StatusLabelFormModal({ record, onClose }: Props) {
  const { form, onSubmit, pending, problem } = useRecordForm({
    resource: statusLabelsResource,
    schema: statusLabelEditBody,
    mode: 'edit',
    initialValues: { id: record.id, rotulo: record.rotulo },
    toBody: (values) => values,
    version: record.version,
    onSaved: onClose,
  });

  return (
    <FormModal
      title="Editar Status"
      editing
      size="md"
      onClose={onClose}
      onSubmit={onSubmit}
      pending={pending}
      problem={problem}
    >
      <SimpleGrid cols={2}>
        <TextInput label="Código" value={record.codigo} readOnly variant="filled" />
        <TextInput
          label="Tipo"
          value={statusKindLabel(record.fluxo, record.tipo)}
          readOnly
          variant="filled"
        />
      </SimpleGrid>
      <TextInput
        label="Rótulo"
        required
        data-autofocus
        {...charCounter(form.values.rotulo, REFERENCE_TEXT_MAX.rotulo)}
        {...form.getInputProps('rotulo')}
      />
    </FormModal>
  );
}
