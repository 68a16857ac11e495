import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

const root = createRoot(document.getElementById('root')!);

/** Shows a screen of the portal: the sign-in form, then the app, in the one React root. */
export const render = (ui: ReactNode) => root.render(<StrictMode>{ui}</StrictMode>);
