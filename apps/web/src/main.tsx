import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { hasStoredSession } from './app/session/keys.ts';

// The page's first script is this small one: it asks for the one screen the visit opens, and the
// chunks that screen needs (React, Mantine, the sign-in form or the app's router and query cache)
// then come side by side instead of one after the other. A visit that starts at the sign-in form
// needs nothing else: the router, the query cache and the screens come once the user is signed in.
// A stored session goes to the app, whose guard moves it on.
if (location.pathname === '/login' && !hasStoredSession()) void import('./features/auth/startSignIn.tsx');
else void import('./app/start.tsx');
