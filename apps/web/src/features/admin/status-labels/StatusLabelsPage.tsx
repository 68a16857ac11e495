import { Select } from '@mantine/core';
import type { Flow } from '@portal/domain';
import { useState } from 'react';
import { AdminListPage } from '../shared/AdminListPage.tsx';
import { useRecordModal } from '../shared/useRecordModal.ts';
import { STATUS_KIND_LABELS, statusLabelsResource, type StatusKind, type StatusLabelRow } from './api.ts';
import { StatusLabelFormModal } from './StatusLabelFormModal.tsx';

interface Props {
  fluxo: Flow;
  title: string;
}

const KIND_OPTIONS = Object.entries(STATUS_KIND_LABELS).map(([value, label]) => ({ value, label }));

/** /status/nova-unidade (energy) and /status/regularizacao (water): the status labels of one flow. */
export function StatusLabelsPage({ fluxo, title }: Props) {
  const [tipo, setTipo] = useState<StatusKind | null>(null);
  const modal = useRecordModal<StatusLabelRow>();
  return (
    <>
      <AdminListPage<StatusLabelRow>
        title={title}
        resource={statusLabelsResource}
        filters={{ fluxo, tipo: tipo ?? undefined }}
        defaultSort={{ columnAccessor: 'tipo', direction: 'asc' }}
        searchPlaceholder="Rótulo"
        onEdit={modal.openEdit}
        deletable={false}
        rowName={(s) => s.rotulo}
        toolbar={
          <Select
            label="Tipo"
            w={240}
            placeholder="Todos"
            clearable
            data={KIND_OPTIONS}
            value={tipo}
            onChange={(value) => setTipo(value as StatusKind | null)}
          />
        }
        columns={[
          { accessor: 'tipo', title: 'Tipo', sortable: true, render: (s) => STATUS_KIND_LABELS[s.tipo] },
          { accessor: 'codigo', title: 'Código', sortable: true, width: 100 },
          { accessor: 'rotulo', title: 'Rótulo', sortable: true },
        ]}
      />
      {modal.record && <StatusLabelFormModal record={modal.record} onClose={modal.close} />}
    </>
  );
}
