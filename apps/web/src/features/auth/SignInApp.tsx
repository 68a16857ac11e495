import type { ComponentProps } from 'react';
import { ThemeProvider } from '../../app/ThemeProvider.tsx';
import { LoginForm } from './LoginForm.tsx';

/** Before the app is loaded, a link is a page load. */
function PageLink({ to, ...props }: { to: string } & ComponentProps<'a'>) {
  return <a href={to} {...props} />;
}

/** The sign-in page on its own, for a visit that starts there (see main.tsx). */
export function SignInApp({ onSignedIn }: { onSignedIn: (path: string) => void }) {
  return (
    <ThemeProvider>
      <LoginForm link={PageLink} onSignedIn={onSignedIn} />
    </ThemeProvider>
  );
}
