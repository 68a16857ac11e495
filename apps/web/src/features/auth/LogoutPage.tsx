import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { sessionStore } from '../../app/session/store.ts';
import { logout } from './api.ts';

/**
 * /logout revokes the token on the server and forgets the session (which also drops every
 * cached answer, see queryClient.ts), then replaces the history entry with /login so Back
 * cannot bring a private page back.
 */
export function LogoutPage() {
  const navigate = useNavigate();

  useEffect(() => {
    let cancelled = false;
    const leave = () => {
      if (cancelled) return;
      sessionStore.clear();
      navigate('/login', { replace: true });
    };
    // A failed revocation (network, expired token) must not keep the user signed in here.
    if (sessionStore.get()) logout().then(leave, leave);
    else leave();
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  return (
    <Center h="100vh">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed">Saindo...</Text>
      </Stack>
    </Center>
  );
}
