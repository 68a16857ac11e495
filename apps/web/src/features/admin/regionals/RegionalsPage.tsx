import { Suspense } from 'react';
import { lazyPage } from '../../../app/lazy-page.ts';
import { AdminListPage } from '../shared/AdminListPage.tsx';
import { dateCell } from '../shared/cells.tsx';
import { useRecordModal } from '../shared/useRecordModal.ts';
import { regionalsResource, type RegionalRow } from './api.ts';

// Its form (and the form library) loads when it is opened, not with the list.
const RegionalFormModal = lazyPage(() => import('./RegionalFormModal.tsx'), 'RegionalFormModal');

/** /regional — 'Gerenciamento de Regional' (spec part 2 §2.6). */
export function RegionalsPage() {
  const modal = useRecordModal<RegionalRow>();
  return (
    <>
      <AdminListPage<RegionalRow>
        title="Gerenciamento de Regional"
        resource={regionalsResource}
        defaultSort={{ columnAccessor: 'regional', direction: 'asc' }}
        searchPlaceholder="Regional, gestor ou e-mail"
        createLabel="Nova Regional"
        onCreate={modal.openNew}
        onEdit={modal.openEdit}
        rowName={(r) => r.regional}
        columns={[
          { accessor: 'regional', title: 'Regional', sortable: true },
          { accessor: 'gestor', title: 'Gestor', sortable: true },
          { accessor: 'email_gestor', title: 'E-mail do Gestor', sortable: true },
          { accessor: 'ufs', title: 'UFs', render: (r) => r.ufs.join(', ') },
          {
            accessor: 'cadastrado',
            title: 'Cadastro',
            sortable: true,
            render: (r) => dateCell(r.cadastrado),
          },
        ]}
      />
      <Suspense fallback={null}>
        {modal.opened && <RegionalFormModal record={modal.record} onClose={modal.close} />}
      </Suspense>
    </>
  );
}
