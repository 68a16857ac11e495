import { Anchor, Box, Text } from '@mantine/core';
import {
  editPathFor,
  requestListColumnLabel,
  type RequestForm,
  type RequestListColumn,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../ui/DataTable.tsx';
import type { RequestRow } from '../api.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { cellText, dateText, daysText, regionalText } from './columns.ts';

/** A long text on one line: cut with an ellipsis, the whole of it on hover and for screen readers. */
const oneLine = (value: string | null, width: number): ReactNode => {
  const text = cellText(value);
  return (
    <Text size="sm" truncate="end" maw={width} title={text}>
      {text}
    </Text>
  );
};

interface Cell {
  sortable?: boolean;
  render: (r: RequestRow) => ReactNode;
}

/** What each optional column shows; every cell keeps to one line (issue 34: more rows per screen). */
const cells = (form: RequestForm): Record<RequestListColumn, Cell> => ({
  // The badge keeps its whole text: the table may not squeeze the one column read first.
  status: {
    sortable: true,
    render: (r) => (
      <Box w="max-content">
        <StatusBadge form={form} status={r.status} />
      </Box>
    ),
  },
  unidade: { sortable: true, render: (r) => cellText(r.unidade) },
  endereco_id: { sortable: true, render: (r) => cellText(r.endereco_id) },
  site_id: { sortable: true, render: (r) => cellText(r.site_id) },
  solicitante: { render: (r) => oneLine(r.solicitante, 160) },
  empresa: { render: (r) => oneLine(r.empresa, 160) },
  // The acronym ('TSP'), its region's name on hover: the column stays narrow.
  regional: {
    render: (r) => (
      <Text size="sm" span title={regionalText(r.regional_nome)}>
        {cellText(r.regional_nome)}
      </Text>
    ),
  },
  data_pedido: { sortable: true, render: (r) => dateText(r.data_pedido) },
  dias: { render: (r) => daysText(r.data_pedido) },
  data_ativacao: { sortable: true, render: (r) => dateText(r.data_ativacao) },
  atualizado_em: { sortable: true, render: (r) => dateText(r.atualizado_em) },
});

/**
 * The table's columns for the chosen ones: Nº first (a real link, so the keyboard reaches and opens
 * the record), then the chosen columns in the list's one order, Status second when shown.
 */
export function requestColumns(
  form: RequestForm,
  shown: readonly RequestListColumn[],
): DataTableColumn<RequestRow>[] {
  const byColumn = cells(form);
  return [
    {
      accessor: 'id',
      title: 'Nº',
      sortable: true,
      noWrap: true,
      render: (r) => (
        <Anchor
          component={Link}
          to={editPathFor(form, r.id)}
          fw={600}
          aria-label={`Abrir solicitação nº ${r.id}`}
          onClick={(event) => event.stopPropagation()}
        >
          {r.id}
        </Anchor>
      ),
    },
    ...shown.map((column) => ({
      accessor: column,
      title: requestListColumnLabel(form, column),
      noWrap: true,
      ...byColumn[column],
    })),
  ];
}
