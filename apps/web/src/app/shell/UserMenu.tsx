import type { SessionUser } from '@portal/domain';
import { useState } from 'react';
import { AvatarButton } from './AvatarButton.tsx';
import type { UserMenuDropdown } from './UserMenuDropdown.tsx';

const loadMenu = () => import('./UserMenuDropdown.tsx');

/**
 * The avatar in the top bar opens the user's own things: their background exports, change the
 * password, sign out. Mantine's
 * Menu (with the positioning code it brings, 6 KB of every first load) is fetched when the avatar
 * is reached (pointer or keyboard) or clicked; the menu opens as soon as it has arrived.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const [Loaded, setLoaded] = useState<typeof UserMenuDropdown>();
  if (Loaded) return <Loaded user={user} />;
  return (
    <AvatarButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => void loadMenu().then((module) => setLoaded(() => module.UserMenuDropdown))}
    />
  );
}
