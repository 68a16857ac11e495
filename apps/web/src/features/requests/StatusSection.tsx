import { Group, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { FIELD_MAX, type RequestForm, type RequestPolicy } from '@portal/domain';
import type { FormValues } from './formModel.ts';
import { fieldInputId } from './RequestFieldInput.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useStatusLabel } from './useStatusLabel.ts';

interface Props {
  form: RequestForm;
  policy: RequestPolicy;
  editor: UseFormReturnType<FormValues>;
  currentStatus: number | null;
  chosenStatus: number;
  onChoose: (status: number) => void;
  statusError: string | undefined;
}

/** The current status, the choices the policy gives this user, and the observation of this save. */
export function StatusSection({
  form,
  policy,
  editor,
  currentStatus,
  chosenStatus,
  onChoose,
  statusError,
}: Props) {
  const observationEditable = policy.editableFields.includes('observacao');
  const statusName = useStatusLabel();
  return (
    <Stack gap="sm" component="section" aria-label="Andamento">
      <Group gap="sm">
        <Title order={3} fz="md">
          Andamento
        </Title>
        {currentStatus !== null && <StatusBadge form={form} status={currentStatus} />}
      </Group>
      {!policy.canSave && policy.reason && (
        <Text size="sm" c="dimmed">
          Somente leitura: {policy.reason}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {policy.showStatusSelector && (
          <Select
            id={fieldInputId('status')}
            label="Status"
            required
            data={policy.statusChoices.map((s) => ({
              value: String(s),
              label: statusName(form.flow, form.kind, s),
            }))}
            value={String(chosenStatus)}
            allowDeselect={false}
            error={statusError}
            onChange={(value) => value !== null && onChoose(Number(value))}
          />
        )}
        {observationEditable && (
          <Textarea
            id={fieldInputId('observacao')}
            label="Observação"
            required={policy.requiredFields.includes('observacao')}
            autosize
            minRows={3}
            maxLength={FIELD_MAX.observacao}
            {...editor.getInputProps('observacao')}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
