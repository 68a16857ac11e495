import { Avatar, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import type { SessionUser } from '@portal/domain';
import { useState, type ComponentPropsWithRef } from 'react';
import type { UserMenuDropdown } from './UserMenuDropdown.tsx';

const loadMenu = () => import('./UserMenuDropdown.tsx');

type AvatarButtonProps = { user: SessionUser } & UnstyledButtonProps & ComponentPropsWithRef<'button'>;

/** The avatar that opens the user menu, the same before and after the menu's code has arrived. */
export function AvatarButton({ user, ...props }: AvatarButtonProps) {
  return (
    <UnstyledButton aria-label={`Menu do usuário ${user.name}`} style={{ borderRadius: '50%' }} {...props}>
      {/* The placeholder figure, no initials: visible text missing from the button's name
          (the user's) fails axe's label-content-name-mismatch. */}
      <Avatar color="brand" radius="xl" aria-hidden />
    </UnstyledButton>
  );
}

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
