import { Box, Burger, Group, Text, VisuallyHidden } from '@mantine/core';
import type { SessionUser } from '@portal/domain';
import { zeroRightClassName } from 'react-remove-scroll-bar/constants';
import { Link } from 'react-router';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { GlobalSearch } from '../../features/search/GlobalSearch.tsx';
import { Logo } from '../../ui/Logo.tsx';
import classes from './AppLayout.module.css';
import { UserMenu } from './UserMenu.tsx';

interface Props {
  user: SessionUser;
  navOpened: boolean;
  onToggleNav: () => void;
}

export function TopBar({ user, navOpened, onToggleNav }: Props) {
  return (
    // Kept clear of the scrollbar a modal's scroll lock removes (react-remove-scroll's class).
    <Box component="header" px="md" className={`${classes.header} ${zeroRightClassName}`}>
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            hiddenFrom="lg"
            size="sm"
            aria-label={navOpened ? 'Fechar menu' : 'Abrir menu'}
          />
          {/* Named by the logo's own words, then where it goes (the name holds what is seen). */}
          <Link to="/dashboard" style={{ textDecoration: 'none', color: 'inherit' }}>
            <Logo />
            <VisuallyHidden>Ir para o início</VisuallyHidden>
          </Link>
        </Group>
        <GlobalSearch />
        <Group gap="sm" wrap="nowrap" miw={0} role="group" aria-label="Usuário conectado">
          <NotificationBell />
          {/* On a phone the name gives its place to the search box; the avatar's menu stays. */}
          <Box visibleFrom="sm" style={{ minWidth: 0, textAlign: 'right' }}>
            <Text size="sm" fw={600} truncate="end" data-testid="user-name">
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end" data-testid="user-company">
              {user.razao_social ?? user.grupo_nome}
            </Text>
          </Box>
          <UserMenu user={user} />
        </Group>
      </Group>
    </Box>
  );
}
