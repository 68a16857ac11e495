import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from './session/useSession.ts';

/*
 * Route guards (spec part 1 §2 Shell, part 2 §2.1). They read the session on every render,
 * and they render on every navigation (useLocation), including the browser's back button,
 * so a private page never shows once the session is gone.
 */

/** Private pages: a signed-in user whose password is not pending a forced change. */
export function RequireSession() {
  useLocation();
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  if (session.user.trocar_senha === 0) return <Navigate to="/troca-senha" replace />;
  return <Outlet />;
}

/** Sign-in and recovery screens: a signed-in user has nothing to do there. */
export function PublicOnly() {
  useLocation();
  const session = useSession();
  return session ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

/** /troca-senha: only for a signed-in user who must change the password. */
export function RequireForcedChange() {
  useLocation();
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  if (session.user.trocar_senha !== 0) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
