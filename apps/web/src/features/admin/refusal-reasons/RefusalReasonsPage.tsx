import { Badge } from '@mantine/core';
import { REFUSAL_MOVES, refusalMoveLabel, type RefusalMove } from '@portal/domain';
import { Suspense, useState } from 'react';
import { lazyPage } from '../../../app/lazy-page.ts';
import { Select } from '../../../ui/select.tsx';
import { AdminListPage } from '../shared/AdminListPage.tsx';
import { useRecordModal } from '../shared/useRecordModal.ts';
import { refusalReasonsResource, type RefusalReasonRow } from './api.ts';

const RefusalReasonFormModal = lazyPage(
  () => import('./RefusalReasonFormModal.tsx'),
  'RefusalReasonFormModal',
);

/**
 * /motivos-recusa (issue 34 step 3): the reasons each refusing move offers. Reasons are renamed or
 * deactivated, never deleted: the histories name them.
 */
export function RefusalReasonsPage() {
  const [movimento, setMovimento] = useState<RefusalMove | null>(null);
  const modal = useRecordModal<RefusalReasonRow>();
  return (
    <>
      <AdminListPage<RefusalReasonRow>
        title="Motivos de Recusa"
        resource={refusalReasonsResource}
        filters={{ movimento: movimento ?? undefined }}
        defaultSort={{ columnAccessor: 'movimento', direction: 'asc' }}
        searchPlaceholder="Motivo"
        onCreate={modal.openNew}
        createLabel="Novo motivo"
        onEdit={modal.openEdit}
        deletable={false}
        exportable={false}
        rowName={(r) => r.nome}
        toolbar={
          <Select
            label="Ação"
            w={360}
            placeholder="Todas"
            clearable
            data={REFUSAL_MOVES.map((m) => ({ value: m.move, label: m.label }))}
            value={movimento}
            onChange={(value) => setMovimento(value as RefusalMove | null)}
          />
        }
        columns={[
          {
            accessor: 'movimento',
            title: 'Ação',
            sortable: true,
            render: (r) => refusalMoveLabel(r.movimento),
          },
          { accessor: 'nome', title: 'Motivo', sortable: true },
          {
            accessor: 'ativo',
            title: 'Situação',
            sortable: true,
            render: (r) => (
              <Badge color={r.ativo ? 'green' : 'gray'} variant="light">
                {r.ativo ? 'Ativo' : 'Inativo'}
              </Badge>
            ),
          },
        ]}
      />
      <Suspense fallback={null}>
        {modal.opened && (
          <RefusalReasonFormModal record={modal.record} movimento={movimento} onClose={modal.close} />
        )}
      </Suspense>
    </>
  );
}
