import { Box, NavLink, Stack, Text } from '@mantine/core';
import { menuFor, type MenuSection, type SessionUser } from '@portal/domain';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { itemIcon } from './menuIcons.ts';
import layout from './AppLayout.module.css';
import classes from './Sidebar.module.css';

interface Props {
  user: SessionUser;
  /** Folded away on a narrow screen: out of the tab order and the accessibility tree too. */
  folded: boolean;
  onNavigate: () => void;
}

const isActive = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** A one-entry section named like its entry (Inicial) needs no heading of its own. */
const needsHeading = (section: MenuSection) =>
  section.items.length > 1 || section.items[0]?.label !== section.label;

export function Sidebar({ user, folded, onNavigate }: Props) {
  const { pathname } = useLocation();
  const sections = menuFor(user);

  return (
    <Box
      component="nav"
      className={layout.navbar}
      aria-label="Menu principal"
      p="sm"
      inert={folded}
      aria-hidden={folded || undefined}
    >
      {/* The browser's own scrolling, thin: Mantine's ScrollArea brings floating-ui's module (14 KB
          gzip) into every signed-in page for one hook. */}
      <div className={`${layout.grow} ${classes.scroll}`}>
        <Stack gap="sm" pb="md">
          {sections.map((section) => (
            <div key={section.key}>
              {needsHeading(section) && (
                <Text className={classes.heading} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={2}>
                  {section.label}
                </Text>
              )}
              {section.items.map((item) => {
                const Icon = itemIcon(item.path);
                return (
                  <NavLink
                    key={item.path}
                    component={Link}
                    to={item.path}
                    aria-label={item.label}
                    label={item.label}
                    leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
                    active={isActive(pathname, item.path)}
                    onClick={onNavigate}
                    className={classes.link}
                  />
                );
              })}
            </div>
          ))}
        </Stack>
      </div>
      <Box pt="xs" className={classes.bottom}>
        <NavLink
          component={Link}
          to="/logout"
          replace
          aria-label="Sair"
          label="Sair"
          color="red"
          leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
          className={classes.link}
        />
      </Box>
    </Box>
  );
}
