import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'portal.scroll';

/** Where each history entry of this tab was left, by its location key; a reload reads them back. */
const positions: Record<string, number> = readPositions();

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * The window's scroll across navigations, as the browser does between documents: a new page
 * opens at the top; back, forward and a reload return to where that entry was left.
 */
export function useScrollRestoration() {
  const { key } = useLocation();
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    history.scrollRestoration = 'manual';
    window.scrollTo(0, navigation === 'POP' ? (positions[key] ?? 0) : 0);
    const remember = () => {
      positions[key] = window.scrollY;
    };
    const keep = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', keep);
    };
  }, [key, navigation]);
}
