import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { useSession } from './session/useSession.ts';

/*
 * Route guards (spec part 1 §2 Shell, part 2 §2.1). They read the session on every render,
 * and they render on every navigation (useLocation), including the browser's back button,
 * so a private page never shows once the session is gone.
 */

/** What /login remembers of the private page it was reached from. */
interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/**
 * The private page a signed-out visit asked for (a link opened from an e-mail, a bookmark), to be
 * opened once signed in instead of the dashboard. Only a path of this portal.
 */
export function intendedPath(state: unknown): string | undefined {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !/^\/(?!\/)/.test(from.pathname)) return undefined;
  if (from.pathname === '/login' || from.pathname === '/logout') return undefined;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Private pages: a signed-in user whose password is not pending a forced change. */
export function RequireSession() {
  const location = useLocation();
  const session = useSession();
  if (!session) {
    const { pathname, search, hash } = location;
    return <Navigate to="/login" replace state={{ from: { pathname, search, hash } } satisfies FromState} />;
  }
  if (session.user.trocar_senha === 0) return <Navigate to="/troca-senha" replace />;
  return <Outlet />;
}

/** Sign-in and recovery screens: a signed-in user has nothing to do there. */
export function PublicOnly() {
  const location = useLocation();
  const session = useSession();
  return session ? <Navigate to={intendedPath(location.state) ?? '/dashboard'} replace /> : <Outlet />;
}

/** /troca-senha: only for a signed-in user who must change the password. */
export function RequireForcedChange() {
  useLocation();
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  if (session.user.trocar_senha !== 0) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
