import { TextInput } from '@mantine/core';
import { Select } from '../../ui/select.tsx';
import {
  DE_PARA_LABELS,
  DE_PARA_MAX,
  DE_PARA_TIPO_OPTIONS,
  deParaDeMax,
  deParaParaMax,
  deParaSaveBody,
  type DeParaTipo,
} from '@portal/domain';
import { FormModal } from '../admin/shared/FormModal.tsx';
import { useRecordForm } from '../admin/shared/useRecordForm.ts';
import { deParaResource, useDeParaOptions, type DeParaOptions, type DeParaRow } from './api.ts';
import { charCounter } from '../../ui/charCounter.tsx';

interface Props {
  record?: DeParaRow;
  /** A new mapping starts in the tipo the list is filtered by. */
  tipo: DeParaTipo | null;
  onClose: () => void;
}

interface Values {
  id?: number;
  tipo: string;
  de: string;
  para: string;
}

const TIPO_DATA = DE_PARA_TIPO_OPTIONS.map((o) => ({ value: o.code, label: o.label }));
const isTipo = (v: string): v is DeParaTipo => DE_PARA_TIPO_OPTIONS.some((o) => o.code === v);

/** The choices of "Para" for a tipo; the stored value stays listed even if it is gone from the portal. */
function paraChoices(tipo: DeParaTipo, options: DeParaOptions | undefined, stored: DeParaRow | undefined) {
  const data =
    tipo === 'regional'
      ? (options?.regionais ?? []).map((r) => ({ value: String(r.id), label: r.regional }))
      : [...new Set((options?.concessionarias ?? []).map((c) => c.nome))].map((nome) => ({
          value: nome,
          label: nome,
        }));
  if (stored?.tipo === tipo && !data.some((d) => d.value === stored.para)) {
    data.unshift({ value: stored.para, label: stored.para_rotulo });
  }
  return data;
}

/** A mapping: the provider's value (De) and the portal's value it stands for (Para). */
export function DeParaFormModal({ record, tipo, onClose }: Props) {
  const options = useDeParaOptions();
  const { form, onSubmit, pending, problem } = useRecordForm<Values>({
    resource: deParaResource,
    schema: deParaSaveBody,
    mode: record ? 'edit' : 'add',
    initialValues: {
      id: record?.id,
      tipo: record?.tipo ?? tipo ?? '',
      de: record?.de ?? '',
      para: record?.para ?? '',
    },
    toBody: (values) => values,
    version: record?.version,
    onSaved: onClose,
  });
  const chosen = isTipo(form.values.tipo) ? form.values.tipo : null;
  const paraProps = form.getInputProps('para');

  return (
    <FormModal
      title="Gerenciar De-Para"
      editing={Boolean(record)}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={pending}
      problem={problem}
      size="md"
    >
      <Select
        label={DE_PARA_LABELS.tipo}
        required
        placeholder="Selecione"
        data={TIPO_DATA}
        {...form.getInputProps('tipo')}
        onChange={(value) => {
          // Each tipo stores a different kind of value: what was chosen for the other one is dropped.
          form.setFieldValue('tipo', value ?? '');
          form.setFieldValue('para', '');
        }}
      />
      <TextInput
        label={DE_PARA_LABELS.de}
        {...charCounter(
          form.values.de,
          chosen ? deParaDeMax(chosen) : DE_PARA_MAX.de,
          'Como o valor aparece no arquivo da base Xerox/AME.',
        )}
        required
        data-autofocus
        {...form.getInputProps('de')}
      />
      {chosen === 'concessionaria' || chosen === 'regional' ? (
        <Select
          // A fresh selector per tipo: its typed search never carries over to the other list.
          key={chosen}
          label={DE_PARA_LABELS.para}
          description={
            chosen === 'regional'
              ? 'A regional cadastrada no portal'
              : 'A concessionária cadastrada no portal'
          }
          required
          searchable
          placeholder={options.isLoading ? 'Carregando…' : 'Selecione'}
          nothingFoundMessage="Nada encontrado"
          data={paraChoices(chosen, options.data, record)}
          {...paraProps}
        />
      ) : (
        <TextInput
          label={DE_PARA_LABELS.para}
          {...(chosen
            ? charCounter(form.values.para, deParaParaMax(chosen), 'O rótulo de tensão que o portal guarda.')
            : { description: 'Escolha o tipo primeiro' })}
          required
          disabled={!chosen}
          {...paraProps}
        />
      )}
    </FormModal>
  );
}
