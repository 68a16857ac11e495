import { Badge, Group } from '@mantine/core';
import { PERMISSION_FLAGS, PERMISSION_LABELS } from '@portal/domain';
import { Suspense } from 'react';
import { lazyPage } from '../../../app/lazy-page.ts';
import { AdminListPage } from '../shared/AdminListPage.tsx';
import { useRecordModal } from '../shared/useRecordModal.ts';
import { groupsResource, type GroupRow } from './api.ts';

// Its form (and the form library) loads when it is opened, not with the list.
const GroupFormModal = lazyPage(() => import('./GroupFormModal.tsx'), 'GroupFormModal');

function Permissions({ group }: { group: GroupRow }) {
  const granted = PERMISSION_FLAGS.filter((flag) => group[flag]);
  if (granted.length === 0) return '—';
  return (
    <Group gap={4}>
      {granted.map((flag) => (
        <Badge key={flag} variant="light" size="sm" tt="none">
          {PERMISSION_LABELS[flag]}
        </Badge>
      ))}
    </Group>
  );
}

/** /grupo — 'Grupo de Acesso' (spec part 1 §3, §6; GUIDE §3). */
export function GroupsPage() {
  const modal = useRecordModal<GroupRow>();
  return (
    <>
      <AdminListPage<GroupRow>
        title="Grupo de Acesso"
        resource={groupsResource}
        defaultSort={{ columnAccessor: 'nome', direction: 'asc' }}
        searchPlaceholder="Código, nome ou papel"
        createLabel="Novo Grupo"
        onCreate={modal.openNew}
        onEdit={modal.openEdit}
        rowName={(g) => g.nome}
        columns={[
          { accessor: 'id', title: 'Código', sortable: true },
          { accessor: 'nome', title: 'Nome', sortable: true },
          { accessor: 'papel', title: 'Papel', sortable: true, render: (g) => g.papel_nome },
          { accessor: 'permissoes', title: 'Permissões', render: (g) => <Permissions group={g} /> },
        ]}
      />
      <Suspense fallback={null}>
        {modal.opened && <GroupFormModal record={modal.record} onClose={modal.close} />}
      </Suspense>
    </>
  );
}
