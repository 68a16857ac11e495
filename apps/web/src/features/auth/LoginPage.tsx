import { Link, useNavigate } from 'react-router';
import { LoginForm } from './LoginForm.tsx';

/** The sign-in page inside the app, reached by the router (after signing out, or from a guard). */
export function LoginPage() {
  const navigate = useNavigate();
  return <LoginForm link={Link} onSignedIn={(path) => navigate(path, { replace: true })} />;
}
