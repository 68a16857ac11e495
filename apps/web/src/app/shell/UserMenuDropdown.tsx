import { Menu } from '@mantine/core';
import type { SessionUser } from '@portal/domain';
import { IconFileDownload, IconKey, IconLogout } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AvatarButton } from './AvatarButton.tsx';

// Loaded when asked for: its form library is not needed by every page.
const ChangePasswordModal = lazy(() =>
  import('../../features/auth/ChangePasswordModal.tsx').then((m) => ({ default: m.ChangePasswordModal })),
);

/** The user menu once its code has arrived: it opens at once, since the avatar was just clicked. */
export function UserMenuDropdown({ user }: { user: SessionUser }) {
  const [opened, setOpened] = useState(false);
  const [changing, setChanging] = useState(false);
  const avatar = useRef<HTMLButtonElement>(null);
  // This avatar replaces the one just clicked: it takes the focus, then opens the menu (the frame
  // after), so the menu's focus return, which records the focus as it opens, comes back to it.
  useEffect(() => {
    avatar.current?.focus();
    const frame = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <>
      <Menu position="bottom-end" shadow="md" width={200} opened={opened} onChange={setOpened}>
        <Menu.Target>
          <AvatarButton ref={avatar} user={user} />
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
