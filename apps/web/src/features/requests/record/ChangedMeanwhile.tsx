import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { formFieldLabel, type RequestField, type RequestForm } from '@portal/domain';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ChangedField } from './changedFields.ts';

interface Props {
  id: string;
  form: RequestForm;
  message: string;
  changed: ChangedField[];
  /** How a stored value reads on screen (labels of codes, dates). */
  display: (field: ChangedField['field'], value: string | null) => string;
  /** Puts the value stored now into the user's form, for one field. */
  onTakeTheirs: (field: RequestField) => void;
  onDiscardMine: () => void;
}

const label = (form: RequestForm, field: ChangedField['field']) =>
  field === 'status' ? 'Status' : field === 'anexos' ? 'Anexos' : formFieldLabel(form, field);

/**
 * After a 409 (someone saved first): what the user typed stays, the record underneath is the
 * current one, and this lists what the other person changed, so the user can take their values or
 * keep their own and save again (issue 15).
 */
export function ChangedMeanwhile({
  id,
  form,
  message,
  changed,
  display,
  onTakeTheirs,
  onDiscardMine,
}: Props) {
  return (
    <Alert id={id} color="orange" icon={<IconAlertTriangle />} role="alert" title={message}>
      <Stack gap="xs">
        <Text size="sm">
          O que você digitou foi mantido e a solicitação abaixo já é a versão atual.{' '}
          {changed.length
            ? 'Enquanto você editava, outra pessoa alterou:'
            : 'Nenhum campo que você vê foi alterado.'}{' '}
          Revise e salve novamente.
        </Text>
        {changed.length > 0 && (
          <List size="sm" spacing={4} aria-label="Campos alterados por outra pessoa">
            {changed.map((c) => (
              <List.Item key={c.field}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={500} span>
                    {label(form, c.field)}:
                  </Text>
                  {c.field !== 'anexos' ? (
                    <Text size="sm" span>
                      {display(c.field, c.before)} → {display(c.field, c.after)}
                    </Text>
                  ) : (
                    <Text size="sm" span>
                      arquivos incluídos ou removidos
                    </Text>
                  )}
                  {c.mine === false && (
                    <Text size="sm" span c="dimmed">
                      (o formulário já mostra o valor atual)
                    </Text>
                  )}
                  {c.mine === true && (
                    <Button
                      size="compact-xs"
                      variant="white"
                      color="orange"
                      onClick={() => onTakeTheirs(c.field as RequestField)}
                    >
                      Usar o valor atual
                    </Button>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <Group>
          <Button
            size="xs"
            variant="white"
            color="orange"
            leftSection={<IconRefresh size={16} />}
            onClick={onDiscardMine}
          >
            Descartar minhas alterações
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
