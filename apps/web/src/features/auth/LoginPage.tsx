import { Link, useLocation, useNavigate } from 'react-router';
import { intendedPath } from '../../app/guards.tsx';
import { LoginForm } from './LoginForm.tsx';

/** The sign-in page inside the app, reached by the router (after signing out, or from a guard). */
export function LoginPage() {
  const navigate = useNavigate();
  // Reached from a private page while signed out: that page opens once signed in.
  const destination = intendedPath(useLocation().state);
  return (
    <LoginForm
      link={Link}
      destination={destination}
      onSignedIn={(path) => navigate(path, { replace: true })}
    />
  );
}
