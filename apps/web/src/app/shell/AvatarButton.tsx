import { Avatar, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import type { SessionUser } from '@portal/domain';
import type { ComponentPropsWithRef } from 'react';

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
