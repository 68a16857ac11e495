import type { ModalsProviderProps } from '@mantine/modals';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { modalRequests } from './modals.ts';

const Provider = lazy(async () => {
  const { ModalsProvider, modals } = await import('@mantine/modals');
  function LoadedModals(props: ModalsProviderProps) {
    // The provider's own effects, which listen for `modals` calls, have run before this one.
    useEffect(() => modalRequests.ready(modals), []);
    return <ModalsProvider {...props} />;
  }
  return { default: LoadedModals };
});

/** Mantine's modals provider, fetched and mounted when the first modal is opened (modals.ts). */
export function Modals(props: ModalsProviderProps) {
  const requested = useSyncExternalStore(modalRequests.subscribe, modalRequests.get);
  return requested ? (
    <Suspense fallback={null}>
      <Provider {...props} />
    </Suspense>
  ) : null;
}
