import { createContext } from 'react';

/**
 * The title the current route declares in its handle (RouteHandle), for the breadcrumb of pages
 * outside the menu. Given by the route table (router.tsx), read by the shell: the shell does not
 * import the route table, which would bring every feature's routes into its chunk.
 */
export const RouteCrumb = createContext<string | undefined>(undefined);
