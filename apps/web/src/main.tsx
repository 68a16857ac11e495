import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionStore } from './app/session/store.ts';
import { SignInApp } from './features/auth/SignInApp.tsx';

const root = createRoot(document.getElementById('root')!);
const render = (ui: ReactNode) => root.render(<StrictMode>{ui}</StrictMode>);

/** The app, at the current address: its router reads the address when it is loaded. */
const openApp = () => import('./app/App.tsx').then(({ App }) => render(<App />));

/** Once signed in, the app takes over at `path`, in place of /login in the history, as the router would. */
function signedIn(path: string) {
  history.replaceState(null, '', path);
  void openApp();
}

// A visit that starts at the sign-in form needs nothing else: the router, the query cache and the
// screens come once the user is signed in. A stored session goes to the app, whose guard moves it on.
// (No top-level await: the app's chunks import this one's modules, and would wait on it forever.)
if (location.pathname === '/login' && !sessionStore.get()) render(<SignInApp onSignedIn={signedIn} />);
else void openApp();
