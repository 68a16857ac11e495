import { Alert, Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { Preview } from './api.ts';

/** The header's mapping and the first rows of a chosen file, each with what the import will say of it. */
export function FilePreview({ preview }: { preview: Preview }) {
  return (
    <Stack gap="xs" data-testid="previa">
      <Text fw={600}>Colunas do arquivo</Text>
      <Group gap={6}>
        {preview.colunas.map((c, i) => (
          <Badge key={i} variant="light" color={c.campo ? 'teal' : 'gray'} tt="none">
            {c.cabecalho || `(coluna ${i + 1})`} → {c.campo ?? 'ignorada'}
          </Badge>
        ))}
      </Group>
      {preview.problema && (
        <Alert color="red" title="O arquivo não pode ser importado">
          {preview.problema}
        </Alert>
      )}
      {preview.linhas.length > 0 && (
        <>
          <Text fw={600}>Primeiras linhas</Text>
          <ScrollArea>
            <Table striped withTableBorder fz="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Linha</Table.Th>
                  {preview.colunas.map((c, i) => (
                    <Table.Th key={i}>{c.cabecalho}</Table.Th>
                  ))}
                  <Table.Th>Situação</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.linhas.map((row) => (
                  <Table.Tr key={row.linha}>
                    <Table.Td>{row.linha}</Table.Td>
                    {preview.colunas.map((_, i) => (
                      <Table.Td key={i}>{row.valores[i] ?? ''}</Table.Td>
                    ))}
                    <Table.Td c={row.motivos.length ? 'red' : 'teal'}>
                      {row.motivos.length ? row.motivos.join(' ') : 'OK'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </>
      )}
    </Stack>
  );
}
