import { Stack, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { FIELD_MAX, type RequestPolicy } from '@portal/domain';
import { charCounter } from '../../ui/charCounter.tsx';
import type { FormValues } from './formModel.ts';
import { fieldInputId } from './RequestFieldInput.tsx';

/** The observation of this save, with its counter: past 2,000 characters it is refused, never cut. */
export function ObservationInput({
  id,
  editor,
  required,
}: {
  id: string;
  editor: UseFormReturnType<FormValues>;
  required: boolean;
}) {
  return (
    <Textarea
      id={id}
      label="Observação"
      required={required}
      autosize
      minRows={3}
      maxRows={12}
      {...editor.getInputProps('observacao')}
      {...charCounter(editor.values.observacao, FIELD_MAX.observacao)}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}

/**
 * The observation of a save. The status is no longer chosen here: each move is a button of the
 * action bar (record/ActionBar.tsx), confirmed with what it requires (issue 15).
 */
export function StatusSection({
  policy,
  editor,
}: {
  policy: RequestPolicy;
  editor: UseFormReturnType<FormValues>;
}) {
  if (!policy.editableFields.includes('observacao')) return null;
  return (
    // No aria-label here: the textarea is the one thing a user (or a test) finds by the name 'Observação'.
    <Stack gap="sm" component="section">
      <Title order={3} fz="md">
        Observação
      </Title>
      <ObservationInput
        id={fieldInputId('observacao')}
        editor={editor}
        required={policy.requiredFields.includes('observacao')}
      />
    </Stack>
  );
}
