import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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
  {
    // The header and footer read a class name off react-remove-scroll's component: 4 KB of scroll
    // lock, which modals load themselves.
    importer: /[\\/]AppShell(Header|Footer|Aside)\.mjs$/,
    source: 'react-remove-scroll',
    code: `import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';
export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };`,
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

export default defineConfig({
  plugins: [react(), shellImports],
  server: {
    port: 5173,
    // The API server of `npm run dev` listens on PORT, as `npm start` does.
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and its router change less often than the app: their own chunks stay cached across
        // releases. Two chunks, because the sign-in page shown on its own has no router (main.tsx).
        // Everything else that page needs is one chunk, not a dozen small ones; the other libraries
        // follow the pages that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
            { name: 'sign-in', tags: ['$initial'], priority: 20 },
          ],
        },
      },
    },
  },
});
