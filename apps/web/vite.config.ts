import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The built app renders with Preact's React compatibility layer instead of React DOM: 10 KB instead
 * of 67 KB gzipped in every route's first load (issue 12: ≤ 200 KB). `npm run dev` and the unit
 * tests keep React (fast refresh, Testing Library); the browser journeys run on the build.
 */
const PREACT = [
  { find: /^react$/, replacement: fileURLToPath(new URL('src/preact/react.js', import.meta.url)) },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
];

/**
 * Mantine modules of the app shell that take one name from a library whose module would come whole
 * (a module goes into one chunk, whatever part of it is used): the shell's chunk, in every route's
 * first load, would carry code that only popovers and modals run. They get that name from here.
 */
const SHELL_IMPORTS = [
  {
    // The sidebar's ScrollArea merges refs with @floating-ui/react's hook: 14 KB gzipped of
    // positioning code. Mantine's own hook does the same.
    importer: /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    source: '@floating-ui/react',
    code: `import { useMergedRef } from '@mantine/hooks';
export const useMergeRefs = (refs) => useMergedRef(...refs);`,
  },
];

const shellImports: Plugin = {
  name: 'shell-imports',
  enforce: 'pre',
  resolveId(source, importer) {
    const index = SHELL_IMPORTS.findIndex((s) => s.source === source && s.importer.test(importer ?? ''));
    if (index >= 0) return `\0shell-import-${index}`;
  },
  load(id) {
    const match = /^\0shell-import-(\d+)$/.exec(id);
    if (match) return SHELL_IMPORTS[Number(match[1])]!.code;
  },
};

export default defineConfig(({ command }) => ({
  plugins: [react(), shellImports],
  resolve: { alias: command === 'build' ? PREACT : [] },
  server: {
    port: 5173,
    // The API server of `npm run dev` listens on PORT, as `npm start` does.
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // React Router takes React 19's useOptimistic where there is one; Preact has none, and the
      // router falls back on its own. Nothing to warn about.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
      output: {
        // Preact (React's API) and the router change less often than the app: their own chunks stay
        // cached across releases. Two chunks, because the sign-in page shown on its own has no router
        // (main.tsx). Everything else that page needs is one chunk. After it, two more chunks, each
        // with everything its modules bring along: the app (App.tsx, the route table, guards, the
        // query cache), which every later screen loads, and the signed-in shell (AppLayout: menu,
        // top bar, bell; not what they fetch when opened), which every signed-in page loads but the
        // recovery pages do not. Left to the automatic split they were some thirty small chunks,
        // which compress worse apart and name each other's exports: 12 KB more in every signed-in
        // first load. The other libraries follow the pages that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/]preact[\\/]|[\\/]src[\\/]preact[\\/]/, priority: 30 },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
            { name: 'sign-in', tags: ['$initial'], priority: 20 },
            {
              name: 'app',
              test: /node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]app[\\/](?!shell[\\/])/,
              priority: 16,
            },
            { name: 'shell', test: /[\\/]src[\\/]app[\\/]shell[\\/]AppLayout\.tsx$/, priority: 15 },
          ],
        },
      },
    },
  },
}));
