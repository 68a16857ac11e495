import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import {
  formFieldLabel,
  type RefusalMove,
  type RequestAction,
  type RequestForm,
  type RequestPolicy,
} from '@portal/domain';
import { RefusalReasonInput } from '../../refusal-reasons/RefusalReasonInput.tsx';
import type { ReasonValue } from '../../refusal-reasons/reason-value.ts';
import { modalInputId, RequestFieldInput, type FieldContext } from '../RequestFieldInput.tsx';
import { ObservationInput } from '../StatusSection.tsx';
import { useStatusLabel } from '../useStatusLabel.ts';
import type { Problems } from '../formModel.ts';

interface Props {
  form: RequestForm;
  /** The move being confirmed; null when closed. */
  action: RequestAction | null;
  policy: RequestPolicy;
  ctx: FieldContext;
  /** Problems of the files (the fields' errors live in the form). */
  problems: Problems;
  chosenFiles: readonly string[];
  pending: boolean;
  /** The move's reason, when the domain says it needs one (reasonRequired); null otherwise. */
  reason: { move: RefusalMove; value: ReasonValue; error: string | null; textError: string | null } | null;
  onReasonChange: (value: ReasonValue) => void;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The confirmation of one move (issue 15): it names the status the request will be in, and asks
 * for exactly what that move requires (requestPolicy for that choice) before anything is sent.
 * The inputs are the form's own values, so what is typed here is in the form too.
 */
export function ActionModal({
  form,
  action,
  policy,
  ctx,
  problems,
  chosenFiles,
  pending,
  reason,
  onReasonChange,
  onConfirm,
  onClose,
}: Props) {
  const statusName = useStatusLabel();
  if (!action) return null;
  const fields = action.requiredFields.filter((f) => f !== 'observacao');
  const observationEditable = policy.editableFields.includes('observacao');
  const missingFiles = action.requiredFiles.filter((f) => !chosenFiles.includes(f));
  return (
    <Modal opened onClose={onClose} title={action.label} centered size="lg">
      <Stack gap="md">
        <Text size="sm">
          A solicitação passará para <strong>{statusName(form.flow, form.kind, action.status)}</strong>.
        </Text>
        {reason && (
          <RefusalReasonInput
            move={reason.move}
            value={reason.value}
            onChange={onReasonChange}
            error={reason.error}
            textError={reason.textError}
          />
        )}
        {fields.length > 0 && (
          <Stack gap="sm" component="section" aria-label="Campos exigidos por esta ação">
            <Text size="sm" fw={500}>
              Para {action.label.toLowerCase()}, preencha:
            </Text>
            {fields.map((field) => (
              <RequestFieldInput
                key={field}
                field={field}
                editable
                required
                ctx={ctx}
                inputId={modalInputId(field)}
              />
            ))}
          </Stack>
        )}
        {observationEditable && (
          <ObservationInput
            id={modalInputId('observacao')}
            editor={ctx.editor}
            required={action.requiredFields.includes('observacao')}
          />
        )}
        {missingFiles.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500} c="red.8">
              Anexe no formulário antes de continuar:
            </Text>
            <List size="sm">
              {missingFiles.map((file) => (
                <List.Item key={file}>{problems[file] ?? formFieldLabel(form, file)}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button
            color={action.tone === 'refuse' ? 'red' : action.tone === 'approve' ? 'green' : undefined}
            onClick={onConfirm}
            loading={pending}
          >
            Confirmar: {action.label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
