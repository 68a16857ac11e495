import { Anchor, Badge, Group, ScrollArea, Text } from '@mantine/core';
import { editPathFor, formFieldLabel, type RequestForm } from '@portal/domain';
import type { BulkMoveResult, BulkOutcome } from '@portal/domain/contracts/bulk-moves';
import { Link } from 'react-router';
import { Table } from '../../../ui/Table.tsx';

const OUTCOMES: Record<BulkOutcome, { label: string; color: string }> = {
  movida: { label: 'Movida', color: 'green' },
  recusada: { label: 'Recusada', color: 'red' },
  alterada: { label: 'Alterada enquanto isso', color: 'orange' },
};

const ORDER: BulkOutcome[] = ['recusada', 'alterada', 'movida'];

/**
 * What a bulk move did, row by row (issue 34 step 4): moved, refused and why (the save gate's
 * reason), or changed by someone else meanwhile. The rows that need a look come first; a row the
 * server did not find has no link, since nothing is known of it.
 */
export function BulkMoveResults({ form, results }: { form: RequestForm; results: BulkMoveResult[] }) {
  const count = (outcome: BulkOutcome) => results.filter((r) => r.resultado === outcome).length;
  const sorted = [...results].sort((a, b) => ORDER.indexOf(a.resultado) - ORDER.indexOf(b.resultado));
  return (
    <>
      <Group gap="xs" aria-label="Resumo do lote">
        {ORDER.filter((o) => count(o) > 0).map((o) => (
          <Badge key={o} color={OUTCOMES[o].color} variant="light">
            {OUTCOMES[o].label}: {count(o)}
          </Badge>
        ))}
      </Group>
      <ScrollArea.Autosize mah={360}>
        <Table striped stickyHeader aria-label="Resultado por solicitação">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nº</Table.Th>
              <Table.Th>{formFieldLabel(form, 'unidade')}</Table.Th>
              <Table.Th>Resultado</Table.Th>
              <Table.Th>Motivo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  {r.unidade === null ? (
                    r.id
                  ) : (
                    <Anchor component={Link} to={editPathFor(form, r.id)}>
                      {r.id}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>{r.unidade ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge color={OUTCOMES[r.resultado].color} variant="light">
                    {OUTCOMES[r.resultado].label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{r.resultado === 'movida' ? '—' : r.msg}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </>
  );
}
