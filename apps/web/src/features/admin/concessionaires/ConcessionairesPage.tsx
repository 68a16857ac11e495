import { Select } from '../../../ui/select.tsx';
import type { Flow } from '@portal/domain';
import { Suspense, useState } from 'react';
import { lazyPage } from '../../../app/lazy-page.ts';
import { AdminListPage } from '../shared/AdminListPage.tsx';
import { activeColumn } from '../shared/cells.tsx';
import { FLOW_LABELS, FLOW_OPTIONS } from '../shared/flows.ts';
import { useRecordModal } from '../shared/useRecordModal.ts';
import { concessionairesResource, type ConcessionaireRow } from './api.ts';

// Its form (and the form library) loads when it is opened, not with the list.
const ConcessionaireFormModal = lazyPage(
  () => import('./ConcessionaireFormModal.tsx'),
  'ConcessionaireFormModal',
);

/** /concessionarias — energy and water concessionaires offered by the request forms. */
export function ConcessionairesPage() {
  const [fluxo, setFluxo] = useState<Flow | null>(null);
  const modal = useRecordModal<ConcessionaireRow>();
  return (
    <>
      <AdminListPage<ConcessionaireRow>
        title="Concessionárias"
        resource={concessionairesResource}
        filters={{ fluxo: fluxo ?? undefined }}
        defaultSort={{ columnAccessor: 'nome', direction: 'asc' }}
        searchPlaceholder="Nome ou sigla"
        createLabel="Nova Concessionária"
        onCreate={modal.openNew}
        onEdit={modal.openEdit}
        rowName={(c) => c.nome}
        toolbar={
          <Select
            label="Fluxo"
            w={160}
            placeholder="Todos"
            clearable
            data={FLOW_OPTIONS}
            value={fluxo}
            onChange={(value) => setFluxo(value as Flow | null)}
          />
        }
        columns={[
          { accessor: 'nome', title: 'Nome', sortable: true },
          { accessor: 'sigla', title: 'Sigla', sortable: true },
          { accessor: 'fluxo', title: 'Fluxo', sortable: true, render: (c) => FLOW_LABELS[c.fluxo] },
          { accessor: 'ufs', title: 'UFs', render: (c) => c.ufs.join(', ') },
          activeColumn<ConcessionaireRow>('ativo', 'Status', ['Ativa', 'Inativa']),
        ]}
      />
      <Suspense fallback={null}>
        {modal.opened && (
          <ConcessionaireFormModal record={modal.record} fluxo={fluxo} onClose={modal.close} />
        )}
      </Suspense>
    </>
  );
}
