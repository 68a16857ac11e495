import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys: one real server (PGlite in a fresh temp dir) for the whole run, Debian's
// Chromium driven by playwright-core. Files run one after another because they share that server.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/server.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    // On a busy 2-core machine a browser step can miss a 10 s wait; it gets one more try.
    // A real regression fails both times.
    retry: 1,
    // The first start may build the web app and the server before it answers.
    hookTimeout: 300_000,
    teardownTimeout: 30_000,
  },
});
