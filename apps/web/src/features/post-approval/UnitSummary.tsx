import {
  Anchor,
  Badge,
  Collapse,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  FIELD_LABELS,
  formatCpfOrCnpj,
  formatPhone,
  labelOf,
  VALIDATION_RESULTS,
  VALIDATION_TYPE_LABELS,
  type RequestField,
} from '@portal/domain';
import { requestFieldCell } from '@portal/domain/reports';
import { useState } from 'react';
import { AttachmentViewer } from '../../ui/AttachmentViewer.tsx';
import type { PostApprovalRecord, ValidationEntry } from './api.ts';

/** The request fields of spec part 2 §3 ('Request record on the validation detail screen'). */
const REQUEST_DATA: RequestField[] = [
  'uf',
  'cep',
  'municipio',
  'endereco',
  'numero',
  'bairro',
  'complemento',
  'cnpj_solicitada',
  'data_ativacao',
  'id_protocolo',
  'protocolo',
  'unidade',
  'numero_medidor',
  'id_tensao',
  'tipo_de_pagamento',
];

const brDate = (iso: string) => new Date(iso).toLocaleDateString('pt-BR');
const brDateTime = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const calendarDate = (ymd: string) => ymd.split('-').reverse().join('/');

function Item({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value === null || value === undefined || value === '' ? '—' : value}</Text>
    </div>
  );
}

/** A stored request field as the user reads it: codes as labels, dates as dd/mm/aaaa. */
export const fieldText = (record: PostApprovalRecord['solicitacao'], field: RequestField) => {
  const value = record[field] as string | number | null | undefined;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return calendarDate(value);
  return requestFieldCell(field, value);
};

/**
 * The requester and the request, read-only, behind a toggle (spec part 2 §2.9), with the
 * attachments the validator's role may open on the request form.
 */
export function UnitSummary({ unit }: { unit: PostApprovalRecord }) {
  const [shown, setShown] = useState(false);
  const [viewing, setViewing] = useState<{ url: string; nome: string } | null>(null);
  const r = unit.solicitacao;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={2} fz="md">
              Solicitação nº {r.id}
            </Title>
            <Badge variant="light">{r.unidade ?? 'sem unidade'}</Badge>
          </Group>
          <Switch
            label="Mostrar dados do solicitante e da solicitação"
            checked={shown}
            onChange={(e) => setShown(e.currentTarget.checked)}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Item label="Cliente (CNPJ)" value={r.cnpj_tim && formatCpfOrCnpj(r.cnpj_tim)} />
          <Item label="Concessionária" value={unit.concessionaria} />
          <Item label="Data da Solicitação" value={brDate(r.data_pedido)} />
        </SimpleGrid>
        <Collapse expanded={shown}>
          <Stack gap="sm" pt="xs">
            <Text fw={600} size="sm">
              Solicitante
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Item label="Nome" value={r.nome} />
              <Item label="Empresa" value={r.razao_social} />
              <Item label="CPF/CNPJ" value={r.cnpj_empresa && formatCpfOrCnpj(r.cnpj_empresa)} />
              <Item label="E-mail" value={r.email} />
              <Item label="Telefone" value={r.telefone && formatPhone(r.telefone)} />
              <Item label="Número do Workflow" value={r.id} />
            </SimpleGrid>
            <Text fw={600} size="sm">
              Solicitação
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {REQUEST_DATA.map((field) => (
                <Item key={field} label={FIELD_LABELS[field] ?? field} value={fieldText(r, field)} />
              ))}
            </SimpleGrid>
            <Text fw={600} size="sm">
              Anexos
            </Text>
            {r.anexos.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nenhum anexo.
              </Text>
            ) : (
              <Group gap="md">
                {r.anexos.map((a) => (
                  <Anchor key={a.id} component="button" type="button" size="sm" onClick={() => setViewing(a)}>
                    {FIELD_LABELS[a.tipo] ?? a.tipo}: {a.nome}
                  </Anchor>
                ))}
              </Group>
            )}
          </Stack>
        </Collapse>
      </Stack>
      <AttachmentViewer file={viewing} onClose={() => setViewing(null)} />
    </Paper>
  );
}

/** Every validation recorded for the unit, newest first: a unit sent back shows each round. */
export function ValidationHistory({ entries }: { entries: ValidationEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="md" mb="sm">
        Validações registradas
      </Title>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Etapa</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Responsável</Table.Th>
            <Table.Th>Registrada por</Table.Th>
            <Table.Th>Em</Table.Th>
            <Table.Th>Observação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((v) => (
            <Table.Tr key={`${v.tipo}-${v.data}`}>
              <Table.Td>{VALIDATION_TYPE_LABELS[v.tipo]}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={v.status === 1 ? 'green' : 'red'}>
                  {labelOf(VALIDATION_RESULTS, v.status as 1 | 2)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {v.responsavel} ({v.cargo})
              </Table.Td>
              <Table.Td>{v.nome}</Table.Td>
              <Table.Td>{brDateTime(v.data)}</Table.Td>
              <Table.Td>{v.observacao ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
