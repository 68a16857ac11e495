import { Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { AuditLogRow } from './api.ts';
import { whenText } from './when.ts';

const NOTHING = '—';

/** One entry of the log: who, what, when, and each field's before → after. */
export function LogDetails({ entry, onClose }: { entry: AuditLogRow | null; onClose: () => void }) {
  return (
    <Modal opened={entry !== null} onClose={onClose} title="Detalhes do registro" size="xl" centered>
      {entry && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Fact label="Data" value={whenText(entry.data)} />
            <Fact label="Usuário" value={entry.usuario ?? 'Sistema'} />
            <Fact label="Ação" value={entry.acao_label} />
            <Fact
              label="Entidade"
              value={
                entry.entidade_id ? `${entry.entidade_label} (ID ${entry.entidade_id})` : entry.entidade_label
              }
            />
            <Fact label="IP" value={entry.ip ?? NOTHING} />
          </SimpleGrid>
          {entry.alteracoes.length === 0 ? (
            <Text c="dimmed" size="sm">
              Esta ação não registra campos alterados.
            </Text>
          ) : (
            <Table striped withTableBorder aria-label="Alterações">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Campo</Table.Th>
                  <Table.Th>Antes</Table.Th>
                  <Table.Th aria-label="para" w={24} />
                  <Table.Th>Depois</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entry.alteracoes.map((change) => (
                  <Table.Tr key={change.campo}>
                    <Table.Td fw={500}>{change.label}</Table.Td>
                    <Table.Td
                      c={change.antes === null ? 'dimmed' : undefined}
                      style={{ whiteSpace: 'pre-wrap' }}
                    >
                      {change.antes ?? NOTHING}
                    </Table.Td>
                    <Table.Td>
                      <IconArrowRight size={14} aria-hidden />
                    </Table.Td>
                    <Table.Td
                      c={change.depois === null ? 'dimmed' : undefined}
                      style={{ whiteSpace: 'pre-wrap' }}
                    >
                      {change.depois ?? NOTHING}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed">
        {label}:
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}
