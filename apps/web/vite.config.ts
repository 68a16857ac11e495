import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
        // The page's first script (main.tsx) is its own small chunk, so it runs at once and asks
        // for the one screen the visit opens, whose chunks then come side by side. React and the
        // router change less often than the app: their own chunks stay cached across releases. Two
        // chunks, because the sign-in page shown on its own has no router. Everything else that page
        // needs is one chunk. After it, two more chunks, each with everything its modules bring
        // along: the app (App.tsx, the route table, guards, the query cache), which every later
        // screen loads, and the signed-in shell (AppLayout: menu, top bar, bell; not what they fetch
        // when opened), which every signed-in page loads but the recovery pages do not. Left to the
        // automatic split they were some thirty small chunks, which compress worse apart and name
        // each other's exports: 12 KB more in every signed-in first load. The other libraries follow
        // the pages that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
            { name: 'boot', tags: ['$initial'], priority: 40 },
            { name: 'sign-in', test: /[\\/]src[\\/]features[\\/]auth[\\/]startSignIn\.tsx$/, priority: 20 },
            {
              name: 'app',
              test: /node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]app[\\/](?!shell[\\/])/,
              priority: 16,
            },
            // With the shell, the small pieces most signed-in pages draw (our table, Mantine's Card,
            // Badge and SimpleGrid): 2 KB more for a page without them, three files fewer for most.
            {
              name: 'shell',
              test: /[\\/]src[\\/]app[\\/]shell[\\/]AppLayout\.tsx$|[\\/]src[\\/]ui[\\/]Table\.tsx$|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Card|Badge|SimpleGrid)[\\/]/,
              priority: 15,
            },
            // What the lists and forms draw their controls with (table and paging, export, selects,
            // dates, counters), one file instead of some fifteen: on a slow line a page's time went
            // to round trips for small files (six at a time over HTTP/1.1), not to their bytes.
            {
              name: 'controls',
              test: /[\\/]src[\\/]ui[\\/](DataTable|ExportButton|select|datePicker|charCounter|listTable|feedback)\.tsx?$/,
              priority: 12,
            },
          ],
        },
      },
    },
  },
});
