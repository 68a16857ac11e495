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
