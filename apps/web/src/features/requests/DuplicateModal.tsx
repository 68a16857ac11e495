import { Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { duplicateTitle, formFieldLabel, type RequestForm } from '@portal/domain';
import type { DuplicateWarning } from './useDuplicateCheck.ts';

interface Props {
  form: RequestForm;
  warning: DuplicateWarning | null;
  onClose: () => void;
  onOverride: () => void;
}

/**
 * The warning after a duplicate check. A match in the workflow wins: the user must talk to the
 * regional and cannot override. Otherwise the units of the provider's base are listed and the
 * form's override button lets the user go on.
 */
export function DuplicateModal({ form, warning, onClose, onOverride }: Props) {
  const matches = warning?.matches ?? [];
  const inWorkflow = matches.filter((m) => m.origem === 'workflow');
  const listed = inWorkflow.length ? inWorkflow : matches;
  // Which field matched, and with what: the unit or the address id the user just typed.
  const what = warning && `${formFieldLabel(form, warning.key)} ${warning.value}`;
  return (
    <Modal
      opened={matches.length > 0}
      onClose={onClose}
      title={warning ? duplicateTitle(form, warning.key, inWorkflow.length > 0) : ''}
      size="xl"
      centered
    >
      <Stack>
        <Text size="sm">
          {inWorkflow.length
            ? `${what} já possui uma solicitação em andamento. Entre em contato com a regional responsável.`
            : `${what} já consta na base Xerox/AM Energia.`}
        </Text>
        <ScrollArea.Autosize mah={300}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{formFieldLabel(form, 'unidade')}</Table.Th>
                <Table.Th>Concessionária</Table.Th>
                <Table.Th>Endereço</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {listed.map((m) =>
                m.id === null ? (
                  <Table.Tr key={`${m.origem}-hidden`}>
                    <Table.Td colSpan={4}>Solicitação de outra empresa ou regional.</Table.Td>
                  </Table.Tr>
                ) : (
                  <Table.Tr key={`${m.origem}-${m.id}`}>
                    <Table.Td>{m.UC}</Table.Td>
                    <Table.Td>{m.Concessionaria ?? '—'}</Table.Td>
                    <Table.Td>
                      {[m.Endereco, m.Bairro, m.Cidade && `${m.Cidade}/${m.Estado}`]
                        .filter(Boolean)
                        .join(' – ')}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        tt="none"
                        color={m.Status === 'Ativa' ? 'teal' : m.Status === 'Inativa' ? 'gray' : 'brand'}
                      >
                        {m.Status}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ),
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
          {!inWorkflow.length && <Button onClick={onOverride}>{form.duplicate.overrideButton}</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
