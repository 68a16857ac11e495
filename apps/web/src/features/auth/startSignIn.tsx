import { render } from '../../root.tsx';
import { SignInApp } from './SignInApp.tsx';

/** Once signed in, the app takes over at `path`, in place of /login in the history, as the router would. */
function signedIn(path: string) {
  history.replaceState(null, '', path);
  void import('../../app/start.tsx');
}

render(<SignInApp onSignedIn={signedIn} />);
