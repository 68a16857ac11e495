import { Badge } from '@mantine/core';
import dayjs from 'dayjs';
import type { DataTableColumn } from '../../../ui/DataTable.tsx';

/** Cells shared by the administration tables. */

export const dateCell = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY') : '—');

/** A sortable active/inactive column; sized so the badge never gets cut. */
export function activeColumn<T>(
  accessor: keyof T & string,
  title: string,
  labels: [active: string, inactive: string],
): DataTableColumn<T> {
  return {
    accessor,
    title,
    sortable: true,
    noWrap: true,
    width: 110,
    render: (record) => (
      <Badge variant="light" color={record[accessor] ? 'teal' : 'gray'} tt="none">
        {record[accessor] ? labels[0] : labels[1]}
      </Badge>
    ),
  };
}
