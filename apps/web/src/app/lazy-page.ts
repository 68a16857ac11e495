import { lazy, type ComponentType } from 'react';

/**
 * A page whose code (and the libraries only it uses) is fetched when its route is first opened,
 * so the sign-in page does not carry the whole app. The shell shows a loader meanwhile. The same
 * for a part of a page that shows on demand (a modal, an editable slot), under its own Suspense.
 */
export const lazyPage = <Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) => lazy(async () => ({ default: (await load())[name] }));
