import type { QueryClient } from '@tanstack/react-query';
import type { MenuSection } from '@portal/domain';

export interface Crumb {
  label: string;
  to?: string;
}

/** What a route declares beside its element (React Router's `handle`). */
export interface RouteHandle {
  /** Routes that are not menu entries name themselves here. */
  crumb?: string;
  /**
   * Prefetches the queries the route's page asks first, for the address's query string: the app
   * starts them when it opens at this route, beside the page's code instead of after it (issue 31).
   * It imports its queries itself, so their calls' contracts load with the page, not with the app.
   */
  prefetch?: (client: QueryClient, search: string) => Promise<unknown>;
}

const HOME: Crumb = { label: 'Inicial', to: '/dashboard' };

/**
 * The trail of the current page: Inicial, then the menu section and entry the path belongs to
 * (the longest menu path that prefixes it), else the title the route declares.
 */
export function crumbsFor(
  pathname: string,
  sections: MenuSection[],
  routeCrumb: string | undefined,
): Crumb[] {
  if (pathname === HOME.to) return [HOME];
  let best: { section: MenuSection; label: string; path: string } | undefined;
  for (const section of sections) {
    for (const item of section.items) {
      const matches = pathname === item.path || pathname.startsWith(`${item.path}/`);
      if (matches && item.path.length > (best?.path.length ?? 0)) best = { section, ...item };
    }
  }
  if (best) {
    const sectionCrumb = best.section.label === best.label ? [] : [{ label: best.section.label }];
    return [HOME, ...sectionCrumb, { label: best.label, to: best.path }];
  }
  return routeCrumb ? [HOME, { label: routeCrumb }] : [HOME];
}
