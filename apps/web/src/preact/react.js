// The built app runs on Preact (vite.config.ts aliases 'react' here): React's API from preact/compat,
// plus the one React 19.2 component it lacks that Mantine renders, <Activity> (the dropdowns and
// collapses Mantine keeps mounted while closed).
import { options } from 'preact';
import { createElement } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

// Effects run right after the render that scheduled them, as React runs them after a click or a
// key, not after the next frame (Preact's default): that is where TanStack Query starts a fetch, so
// a changed filter asks the server at once instead of showing the old rows a frame longer.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

/** Hidden children stay mounted (state and DOM) but are not shown, as in React; no box of its own. */
export function Activity({ mode = 'visible', children }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}
