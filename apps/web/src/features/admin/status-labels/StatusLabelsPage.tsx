import { Select } from '../../../ui/select.tsx';
import type { Flow } from '@portal/domain';
import { Suspense, useState } from 'react';
import { lazyPage } from '../../../app/lazy-page.ts';
import { AdminListPage } from '../shared/AdminListPage.tsx';
import { useRecordModal } from '../shared/useRecordModal.ts';
import { statusKindLabel, statusLabelsResource, type StatusKind, type StatusLabelRow } from './api.ts';

// Its form (and the form library) loads when it is opened, not with the list.
const StatusLabelFormModal = lazyPage(() => import('./StatusLabelFormModal.tsx'), 'StatusLabelFormModal');

interface Props {
  fluxo: Flow;
  title: string;
}

const KINDS: readonly StatusKind[] = ['nova', 'troca', 'regularizacao'];

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
            data={KINDS.map((value) => ({ value, label: statusKindLabel(fluxo, value) }))}
            value={tipo}
            onChange={(value) => setTipo(value as StatusKind | null)}
          />
        }
        columns={[
          {
            accessor: 'tipo',
            title: 'Tipo',
            sortable: true,
            render: (s) => statusKindLabel(s.fluxo, s.tipo),
          },
          { accessor: 'codigo', title: 'Código', sortable: true, width: 100 },
          { accessor: 'rotulo', title: 'Rótulo', sortable: true },
        ]}
      />
      <Suspense fallback={null}>
        {modal.record && <StatusLabelFormModal record={modal.record} onClose={modal.close} />}
      </Suspense>
    </>
  );
}
