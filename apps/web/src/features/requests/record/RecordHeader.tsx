import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import {
  ACTOR_LABELS,
  nextActors,
  type RequestForm,
  type RequestPolicy,
  type RequestStatus,
} from '@portal/domain';
import { IconLock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { RequestRecord } from '../api.ts';
import { StatusBadge } from '../StatusBadge.tsx';

interface Props {
  form: RequestForm;
  record: RequestRecord;
  policy: RequestPolicy;
}

/** Whole days since the request was made (Brasília's calendar does not matter at this grain). */
export const daysOpen = (requestedAt: string, now = dayjs()) =>
  Math.max(0, now.diff(dayjs(requestedAt), 'day'));

const daysText = (days: number) =>
  days === 0 ? 'aberta hoje' : days === 1 ? 'aberta há 1 dia' : `aberta há ${days} dias`;

/** Who acts next, read off the same policy that judges saves (queue.ts). */
function waitingFor(status: number, flow: RequestForm['flow']): string {
  const actors = nextActors(status as RequestStatus, flow);
  return actors.length
    ? actors.map((a) => ACTOR_LABELS[a]).join(', ')
    : 'ninguém: a solicitação está encerrada';
}

/** Why this user saves nothing here (the policy's reason), or nothing when they may save. */
export function ReadOnlyNotice({ policy }: { policy: RequestPolicy }) {
  if (policy.canSave || !policy.reason) return null;
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="Somente leitura" p="sm">
      {policy.reason}
    </Alert>
  );
}

/** The record's summary: number, status, requester, age and who must act now (issue 15). */
export function RecordHeader({ form, record, policy }: Props) {
  const facts: [string, string][] = [
    ['Solicitante', [record.nome, record.razao_social].filter(Boolean).join(' · ')],
    [
      'Pedido',
      `${dayjs(record.data_pedido).format('DD/MM/YYYY')}, ${daysText(daysOpen(record.data_pedido))}`,
    ],
    ['Aguardando', waitingFor(record.status, form.flow)],
  ];
  return (
    <Stack gap="xs" component="section" aria-label="Resumo da solicitação">
      <Group gap="sm" wrap="wrap">
        <Title order={1} fz={22}>
          {`${form.title} nº ${record.id}`}
        </Title>
        <StatusBadge form={form} status={record.status} />
      </Group>
      <Group gap="lg" wrap="wrap" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <Group key={label} gap={6} wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed">
              {label}:
            </Text>
            <Text component="dd" size="sm" fw={500} m={0}>
              {value}
            </Text>
          </Group>
        ))}
      </Group>
      {record.motivo_recusa && (
        <Alert color="red" variant="light" title="Motivo da recusa" p="sm" aria-label="Motivo da recusa">
          {record.motivo_recusa}
        </Alert>
      )}
      <ReadOnlyNotice policy={policy} />
      {record.autor_pode_corrigir && (
        <Text size="sm">
          Você criou esta solicitação e ninguém a tratou ainda: pode corrigi-la ou excluí-la.
        </Text>
      )}
    </Stack>
  );
}
