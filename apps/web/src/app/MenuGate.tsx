import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { canSee, type MenuKey } from '@portal/domain';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSessionUser } from './session/useSession.ts';

interface Props {
  menuKey: MenuKey;
  children: ReactNode;
}

/**
 * A screen behind a menu entry renders only for users whose menu shows it (the same rule the
 * server applies with 403), so typing the address does not open it, nor call its endpoints.
 */
export function MenuGate({ menuKey, children }: Props) {
  const user = useSessionUser();
  return canSee(user, menuKey) ? children : <NoAccess />;
}

function NoAccess() {
  return (
    <Center py={80}>
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={72} radius={36} variant="light" color="red" aria-hidden>
          <IconLock size={38} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={28}>
          Você não tem permissão
        </Title>
        <Text c="dimmed">Seu grupo de acesso não permite abrir esta página.</Text>
        <Button component={Link} to="/dashboard" leftSection={<IconArrowLeft size={18} />} mt="sm">
          Voltar para o início
        </Button>
      </Stack>
    </Center>
  );
}
