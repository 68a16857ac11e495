import { defineConfig } from 'vitest/config';

// Unit tests of the domain and API tests of the server (the app built in-process on a real database),
// and unit tests of the web (components rendered in jsdom). Browser journeys have their own config under e2e/.
export default defineConfig({
  test: {
    // Generous: speed is measured in bench/, and a CI box running both databases' suites side by side
    // took some property and permission walks to 30 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            // The web's calls against the real server (issue 32): they need its database.
            'apps/web/src/**/*.contract.test.ts',
          ],
          // The fault stage runs on its own (.ci/run), after the rest.
          exclude: ['apps/server/test/fault-stage/**'],
          // One migrated, seeded database per run, copied by every test app (test-app.ts).
          globalSetup: ['apps/server/test/support/database-template.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Real server processes under faults (issue 30): terminated database backends under load,
          // hostile files at every upload. PostgreSQL only (TEST_DATABASE_URL); `npm run test:faults`.
          name: 'faults',
          include: ['apps/server/test/fault-stage/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/database-template.ts'],
          testTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['apps/web/src/**/*.contract.test.ts'],
          environment: 'jsdom',
          // What Mantine needs from a browser that jsdom lacks, and a clean DOM between tests.
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
