import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme.ts';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  /** The address the screen is rendered at. */
  route?: string;
}

/**
 * Renders a piece of the web inside what the app wraps it in: the theme, a fresh query cache
 * that never retries, and a router at `route`. Mantine's test env turns off transitions and portals.
 */
export function renderWeb(ui: ReactNode, { route = '/', ...options }: Options = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return { queryClient, ...render(ui, { wrapper, ...options }) };
}
