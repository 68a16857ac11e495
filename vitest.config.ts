import { defineConfig } from 'vitest/config';

// Unit tests of the domain and API tests of the server (the app built in-process on a real database).
// Browser journeys have their own config under e2e/.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
