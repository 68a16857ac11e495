import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Suspense } from 'react';
import { lazyPage } from '../../../app/lazy-page.ts';
import { modals } from '../../../ui/modals.ts';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { AdminListPage } from '../shared/AdminListPage.tsx';
import { activeColumn, dateCell } from '../shared/cells.tsx';
import { useRecordModal } from '../shared/useRecordModal.ts';
import { sendPasswordReset, usersResource, type UserRow } from './api.ts';

// Its form (and the form library) loads when it is opened, not with the list.
const UserFormModal = lazyPage(() => import('./UserFormModal.tsx'), 'UserFormModal');

/** /usuarios — 'Gerenciamento de Usuários' (spec part 2 §2.5). */
export function UsersPage() {
  const modal = useRecordModal<UserRow>();
  const reset = useMutation({
    mutationFn: sendPasswordReset,
    onSuccess: ({ msg }) => toastSuccess(msg),
    onError: (error) => toastError(error.message),
  });

  const confirmReset = (user: UserRow) =>
    modals.openConfirmModal({
      title: 'Enviar redefinição de senha',
      children: (
        <Text size="sm">
          {user.name} receberá em {user.email} um link para definir uma nova senha.
        </Text>
      ),
      labels: { confirm: 'Enviar', cancel: 'Cancelar' },
      centered: true,
      onConfirm: () => reset.mutate(user.id),
    });

  return (
    <>
      <AdminListPage<UserRow>
        title="Gerenciamento de Usuários"
        resource={usersResource}
        defaultSort={{ columnAccessor: 'name', direction: 'asc' }}
        searchPlaceholder="Nome, e-mail ou empresa"
        createLabel="Novo Usuário"
        onCreate={modal.openNew}
        onEdit={modal.openEdit}
        rowName={(u) => u.name}
        rowActions={(u) => (
          <Tooltip label="Enviar redefinição de senha">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Enviar redefinição de senha para ${u.name}`}
              onClick={() => confirmReset(u)}
            >
              <IconMailForward size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        columns={[
          { accessor: 'name', title: 'Nome', sortable: true },
          { accessor: 'email', title: 'E-mail', sortable: true },
          {
            accessor: 'razao_social',
            title: 'Empresa',
            sortable: true,
            render: (u) => u.razao_social ?? '—',
          },
          { accessor: 'grupo_nome', title: 'Grupo', sortable: true },
          {
            accessor: 'cadastrado',
            title: 'Data de Cadastro',
            sortable: true,
            render: (u) => dateCell(u.cadastrado),
          },
          activeColumn<UserRow>('id_status', 'Ativo', ['Ativo', 'Inativo']),
        ]}
      />
      <Suspense fallback={null}>
        {modal.opened && <UserFormModal record={modal.record} onClose={modal.close} />}
      </Suspense>
    </>
  );
}
