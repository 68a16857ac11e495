import { ActionIcon, Button, Card, Group, Stack, TextInput, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable.tsx';
import type { ReactNode } from 'react';
import { ExportButton } from '../../../ui/ExportButton.tsx';
import { LIST_TABLE_LOOK, NO_RESULTS, PAGE_SIZE_CHOICE, paginationText } from '../../../ui/listTable.ts';
import { useAdminList, type AdminListOptions } from './useAdminList.ts';
import { useDeleteRecord } from './useDeleteRecord.ts';

interface Props<T extends { id: number }> extends AdminListOptions<T> {
  title: string;
  columns: DataTableColumn<T>[];
  searchPlaceholder: string;
  /** Names a row in the action buttons' accessible labels ('Editar …', 'Apagar …'). */
  rowName: (record: T) => string;
  onEdit: (record: T) => void;
  /** Absent: the screen creates nothing (status labels). */
  onCreate?: () => void;
  createLabel?: string;
  deletable?: boolean;
  /** Absent or true: the list offers its sheet export (`<base>/list/exportar`). */
  exportable?: boolean;
  /** More controls beside the search box (filters). */
  toolbar?: ReactNode;
  /** Row actions before edit and delete. */
  rowActions?: (record: T) => ReactNode;
}

/**
 * Every administration list: title, server-side search, paging 5/10/25/50, sortable columns,
 * edit and delete per row (spec part 2 §2.5–§2.7).
 */
export function AdminListPage<T extends { id: number }>(props: Props<T>) {
  const {
    title,
    columns,
    searchPlaceholder,
    rowName,
    onEdit,
    onCreate,
    createLabel = 'Novo',
    deletable = true,
    exportable = true,
  } = props;
  const list = useAdminList<T>(props);
  const confirmDelete = useDeleteRecord(props.resource);

  const actions: DataTableColumn<T> = {
    accessor: 'acoes',
    title: 'Ações',
    textAlign: 'right',
    render: (record) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {props.rowActions?.(record)}
        <Tooltip label="Editar">
          <ActionIcon
            variant="subtle"
            aria-label={`Editar ${rowName(record)}`}
            onClick={() => onEdit(record)}
          >
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
        {deletable && (
          <Tooltip label="Apagar">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Apagar ${rowName(record)}`}
              onClick={() => confirmDelete(record.id)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    ),
  };

  return (
    <Card padding="lg" radius="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} fz={22}>
            {title}
          </Title>
          <Group gap="sm">
            {exportable && (
              <ExportButton path={`${props.resource.base}/list/exportar`} filters={list.exportFilters} />
            )}
            {onCreate && (
              <Button leftSection={<IconPlus size={18} />} onClick={onCreate}>
                {createLabel}
              </Button>
            )}
          </Group>
        </Group>
        <Group gap="sm" align="flex-end">
          {props.toolbar}
          <TextInput
            label="Pesquisar"
            style={{ flex: 1, minWidth: 220 }}
            placeholder={searchPlaceholder}
            leftSection={<IconSearch size={16} />}
            value={list.search}
            onChange={(event) => list.setSearch(event.currentTarget.value)}
          />
        </Group>
        <DataTable<T>
          {...LIST_TABLE_LOOK}
          {...list.table}
          {...PAGE_SIZE_CHOICE}
          noRecordsText={NO_RESULTS}
          paginationText={paginationText}
          columns={[...columns, actions]}
        />
      </Stack>
    </Card>
  );
}
