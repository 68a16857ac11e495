import { lazy, type ComponentType } from 'react';

/**
 * A page whose code (and the libraries only it uses) is fetched when its route is first opened,
 * so the sign-in page does not carry the whole app. The shell shows a loader meanwhile. The same
 * for a part of a page that shows on demand (a modal, an editable slot), under its own Suspense.
 * `preload` fetches it ahead, as the router does for the pages of the address being opened.
 */
export const lazyPage = <Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) => {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () => (loading ??= load().then((module) => ({ default: module[name] })));
  return Object.assign(
    lazy(() => {
      // A failed fetch (offline) is asked again on the next render, not remembered.
      const attempt = preload();
      attempt.catch(() => (loading = undefined));
      return attempt;
    }),
    { preload },
  );
};

/** What `lazyPage` adds to a React.lazy component. */
export type Preloadable = { preload: () => Promise<unknown> };
