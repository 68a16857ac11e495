import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Modals } from '../ui/Modals.tsx';
import { Toasts } from '../ui/Toasts.tsx';
import { queryClient } from './queryClient.ts';
import { AppRoutes, preloadRoutes } from './router.tsx';
import { ThemeProvider } from './ThemeProvider.tsx';

/** Spec part 1 §9: notifications close after 5000 ms unless a screen asks otherwise. */
const NOTIFICATION_MS = 5_000;

// The address the app opens at: its shell and page are fetched side by side as soon as the app is.
preloadRoutes(location);

export function App() {
  return (
    <ThemeProvider>
      <Toasts autoClose={NOTIFICATION_MS} position="top-right" zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <Modals labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }} />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
