import { Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FIELD_MAX, regionalSaveBody } from '@portal/domain';
import { FormModal } from '../shared/FormModal.tsx';
import { useRecordForm } from '../shared/useRecordForm.ts';
import { FOCAL_POINTS, regionalsResource, type RegionalRow } from './api.ts';
import { charCounter } from '../../../ui/charCounter.tsx';
import { UfMultiSelect } from '../../../ui/UfMultiSelect.tsx';

interface Props {
  record?: RegionalRow;
  onClose: () => void;
}

const TEXT_FIELDS = [
  'regional',
  'gestor',
  'email_gestor',
  ...FOCAL_POINTS.flatMap((n) => [`nome_focal${n}` as const, `focal${n}` as const]),
] as const;

type Values = { id?: number; ufs: string[] } & Record<(typeof TEXT_FIELDS)[number], string>;

const initialValues = (record?: RegionalRow): Values => ({
  id: record?.id,
  ufs: record?.ufs ?? [],
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, record?.[f] ?? ''])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >),
});

/**
 * A regional: its manager and four focal points, each a name and an e-mail (spec part 2 §2.6), and
 * the UFs whose requests it reviews (issue 30): the request forms offer it only for those.
 */
export function RegionalFormModal({ record, onClose }: Props) {
  const { form, onSubmit, pending, problem } = useRecordForm<Values>({
    resource: regionalsResource,
    mode: record ? 'edit' : 'add',
    initialValues: initialValues(record),
    schema: regionalSaveBody,
    toBody: (values) => values,
    version: record?.version,
    onSaved: onClose,
  });

  return (
    <FormModal
      title="Gerenciar Regional"
      editing={Boolean(record)}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={pending}
      problem={problem}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Regional"
          required
          data-autofocus
          {...charCounter(form.values.regional, FIELD_MAX.regional)}
          {...form.getInputProps('regional')}
        />
        <TextInput
          label="Gestor"
          required
          {...charCounter(form.values.gestor, FIELD_MAX.gestor)}
          {...form.getInputProps('gestor')}
        />
        <TextInput label="E-mail do Gestor" type="email" required {...form.getInputProps('email_gestor')} />
      </SimpleGrid>
      <UfMultiSelect
        description="As solicitações só podem ser enviadas a esta regional para unidades destas UFs."
        placeholder={form.values.ufs.length ? undefined : 'Nenhuma: a regional não recebe solicitações'}
        {...form.getInputProps('ufs')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {FOCAL_POINTS.map((n) => (
          <Fieldset key={n} legend={`Focal ${n}`}>
            <Stack gap="xs">
              <TextInput label={`Nome do Focal ${n}`} {...form.getInputProps(`nome_focal${n}`)} />
              <TextInput label={`E-mail do Focal ${n}`} type="email" {...form.getInputProps(`focal${n}`)} />
            </Stack>
          </Fieldset>
        ))}
      </SimpleGrid>
    </FormModal>
  );
}
