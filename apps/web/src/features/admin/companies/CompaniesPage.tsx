import { Input, SegmentedControl } from '@mantine/core';
import { formatCnpj, type Flow } from '@portal/domain';
import { Suspense, useState } from 'react';
import { lazyPage } from '../../../app/lazy-page.ts';
import { AdminListPage } from '../shared/AdminListPage.tsx';
import { activeColumn, dateCell } from '../shared/cells.tsx';
import { FLOW_OPTIONS } from '../shared/flows.ts';
import { useRecordModal } from '../shared/useRecordModal.ts';
import { companiesResource, type CompanyRow } from './api.ts';

// Its form (and the form library) loads when it is opened, not with the list.
const CompanyFormModal = lazyPage(() => import('./CompanyFormModal.tsx'), 'CompanyFormModal');

/** /empresas — 'Empresas Habilitadas', energy and water lists (spec part 2 §2.7). */
export function CompaniesPage() {
  const [fluxo, setFluxo] = useState<Flow>('energia');
  const modal = useRecordModal<CompanyRow>();
  return (
    <>
      <AdminListPage<CompanyRow>
        title="Empresas Habilitadas"
        resource={companiesResource[fluxo]}
        defaultSort={{ columnAccessor: 'razao_social', direction: 'asc' }}
        searchPlaceholder="Razão social, CNPJ, e-mail ou cidade"
        createLabel="Nova Empresa"
        onCreate={modal.openNew}
        onEdit={modal.openEdit}
        rowName={(c) => c.razao_social}
        toolbar={
          <Input.Wrapper label="Fluxo">
            <SegmentedControl
              display="flex"
              data={FLOW_OPTIONS}
              value={fluxo}
              onChange={(value) => setFluxo(value as Flow)}
            />
          </Input.Wrapper>
        }
        columns={[
          { accessor: 'razao_social', title: 'Empresa', sortable: true },
          { accessor: 'email', title: 'E-mail', sortable: true, render: (c) => c.email ?? '—' },
          {
            accessor: 'cnpj',
            title: 'CNPJ',
            sortable: true,
            noWrap: true,
            render: (c) => formatCnpj(c.cnpj),
          },
          {
            accessor: 'cadastrado',
            title: 'Cadastro',
            sortable: true,
            render: (c) => dateCell(c.cadastrado),
          },
          activeColumn<CompanyRow>('status', 'Status', ['Ativa', 'Inativa']),
        ]}
      />
      <Suspense fallback={null}>
        {modal.opened && <CompanyFormModal fluxo={fluxo} record={modal.record} onClose={modal.close} />}
      </Suspense>
    </>
  );
}
