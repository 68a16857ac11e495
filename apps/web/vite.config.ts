import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const MERGE_REFS = '\0scroll-area-merge-refs';

/**
 * Mantine's ScrollArea takes only `useMergeRefs` from @floating-ui/react. That package is one module,
 * and a module goes whole into one chunk: the positioning code of every popover and tooltip (14 KB
 * gzipped) followed the sidebar's ScrollArea into the app shell, in every route's first load.
 * ScrollArea gets Mantine's own hook for merging refs instead; popovers still load floating-ui.
 */
const scrollAreaMergeRefs: Plugin = {
  name: 'scroll-area-merge-refs',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '@floating-ui/react' && importer && /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer))
      return MERGE_REFS;
  },
  load(id) {
    if (id === MERGE_REFS)
      return `import { useMergedRef } from '@mantine/hooks';
export const useMergeRefs = (refs) => useMergedRef(...refs);`;
  },
};

export default defineConfig({
  plugins: [react(), scrollAreaMergeRefs],
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
