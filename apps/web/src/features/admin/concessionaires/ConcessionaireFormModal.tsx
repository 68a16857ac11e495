import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import { Select } from '../../../ui/select.tsx';
import { REFERENCE_TEXT_MAX, type Flow, concessionariaSaveBody } from '@portal/domain';
import { FLOW_OPTIONS } from '../shared/flows.ts';
import { FormModal } from '../shared/FormModal.tsx';
import { useRecordForm } from '../shared/useRecordForm.ts';
import { concessionairesResource, type ConcessionaireRow } from './api.ts';
import { charCounter } from '../../../ui/charCounter.tsx';
import { UfMultiSelect } from '../../../ui/UfMultiSelect.tsx';

interface Props {
  record?: ConcessionaireRow;
  /** A new concessionaire starts in the flow the list is filtered by. */
  fluxo: Flow | null;
  onClose: () => void;
}

interface Values {
  id?: number;
  nome: string;
  sigla: string;
  fluxo: string;
  ufs: string[];
  ativo: boolean;
}

/** A concessionaire: the utility a request is filed with, per flow and the states it serves. */
export function ConcessionaireFormModal({ record, fluxo, onClose }: Props) {
  const { form, onSubmit, pending, problem } = useRecordForm<Values>({
    resource: concessionairesResource,
    schema: concessionariaSaveBody,
    mode: record ? 'edit' : 'add',
    initialValues: {
      id: record?.id,
      nome: record?.nome ?? '',
      sigla: record?.sigla ?? '',
      fluxo: record?.fluxo ?? fluxo ?? '',
      ufs: record?.ufs ?? [],
      ativo: record?.ativo ?? true,
    },
    toBody: (values) => values,
    version: record?.version,
    onSaved: onClose,
  });

  return (
    <FormModal
      title="Gerenciar Concessionária"
      editing={Boolean(record)}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={pending}
      problem={problem}
    >
      <TextInput
        label="Nome"
        required
        data-autofocus
        {...charCounter(form.values.nome, REFERENCE_TEXT_MAX.concessionaria)}
        {...form.getInputProps('nome')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Sigla"
          required
          {...charCounter(form.values.sigla, REFERENCE_TEXT_MAX.sigla)}
          {...form.getInputProps('sigla')}
        />
        <Select
          label="Fluxo"
          required
          placeholder="Selecione"
          data={FLOW_OPTIONS}
          {...form.getInputProps('fluxo')}
        />
      </SimpleGrid>
      <UfMultiSelect
        required
        placeholder={form.values.ufs.length ? undefined : 'Selecione uma ou mais UFs'}
        {...form.getInputProps('ufs')}
      />
      <Switch label="Ativa" {...form.getInputProps('ativo', { type: 'checkbox' })} />
    </FormModal>
  );
}
