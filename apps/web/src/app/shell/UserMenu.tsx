import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import type { SessionUser } from '@portal/domain';
import { IconFileDownload, IconKey, IconLogout } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';

// Loaded when asked for: its form library is not needed by every page.
const ChangePasswordModal = lazy(() =>
  import('../../features/auth/ChangePasswordModal.tsx').then((m) => ({ default: m.ChangePasswordModal })),
);

/**
 * The avatar in the top bar opens the user's own things: their background exports, change the
 * password, sign out.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const [changing, setChanging] = useState(false);
  return (
    <>
      <Menu position="bottom-end" shadow="md" width={200}>
        <Menu.Target>
          <UnstyledButton aria-label={`Menu do usuário ${user.name}`} style={{ borderRadius: '50%' }}>
            {/* The placeholder figure, no initials: visible text missing from the button's name
                (the user's) fails axe's label-content-name-mismatch. */}
            <Avatar color="brand" radius="xl" aria-hidden />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component={Link}
            to="/exportacoes"
            leftSection={<IconFileDownload size={16} aria-hidden />}
          >
            Minhas exportações
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => setChanging(true)}>
            Alterar senha
          </Menu.Item>
          <Menu.Item component={Link} to="/logout" replace leftSection={<IconLogout size={16} aria-hidden />}>
            Sair
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {changing && (
        <Suspense fallback={null}>
          <ChangePasswordModal user={user} onClose={() => setChanging(false)} />
        </Suspense>
      )}
    </>
  );
}
