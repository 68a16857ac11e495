import { Card, Group, Pagination, Stack, Text } from '@mantine/core';
import { editPathFor, formFieldLabel, type RequestForm } from '@portal/domain';
import { Link } from 'react-router';
import type { RequestRow } from '../api.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { cellText, daysText, shownRange } from './columns.ts';

interface Props {
  form: RequestForm;
  rows: RequestRow[];
  total: number;
  /** The total stopped counting at its limit: 'de mais de'. */
  limited: boolean;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
}

/**
 * The list on a phone: one card per request, each a link to the record, stacked so nothing
 * scrolls sideways at 390 px; the same range text and paging as the table.
 */
export function RequestCards({ form, rows, total, limited, page, perPage, onPage }: Props) {
  if (rows.length === 0)
    return (
      <Text ta="center" c="dimmed" py="lg">
        Nenhum resultado encontrado!
      </Text>
    );
  return (
    <Stack gap="sm">
      {rows.map((r) => (
        <Card
          key={r.id}
          component={Link}
          to={editPathFor(form, r.id)}
          withBorder
          radius="md"
          padding="sm"
          aria-label={`Solicitação nº ${r.id}`}
          data-testid="request-card"
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700}>nº {r.id}</Text>
            <StatusBadge form={form} status={r.status} />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {formFieldLabel(form, 'unidade')}: {cellText(r.unidade)} · Endereço ID: {cellText(r.endereco_id)}{' '}
            · Site ID: {cellText(r.site_id)}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {[r.solicitante, r.empresa].filter(Boolean).join(' · ') || '—'}
          </Text>
          <Text size="sm">
            {cellText(r.regional_nome)} · {daysText(r.data_pedido)}
          </Text>
        </Card>
      ))}
      <Text size="sm" ta="center">
        {shownRange(page, perPage, rows.length, total, limited)}
      </Text>
      <Group justify="center">
        <Pagination
          total={Math.max(1, Math.ceil(total / perPage))}
          value={page}
          onChange={onPage}
          siblings={0}
        />
      </Group>
    </Stack>
  );
}
