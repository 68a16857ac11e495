import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './queryClient.ts';
import { router } from './router.tsx';
import { theme } from './theme.ts';

/** Spec part 1 §9: notifications close after 5000 ms unless a screen asks otherwise. */
const NOTIFICATION_MS = 5_000;

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications autoClose={NOTIFICATION_MS} position="top-right" zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
