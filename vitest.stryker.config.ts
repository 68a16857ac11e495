import { defineConfig } from 'vitest/config';

// The domain's unit tests alone, for the mutation check (stryker.config.mjs). The root config's
// 'node' project runs them too, but its global setup migrates and seeds a database the domain never
// touches (about 25 s per run); Stryker starts one of these per worker, so it would pay that twice.
const REQUEST_SCHEMA_TESTS = [
  'packages/domain/src/schemas/request.test.ts',
  'packages/domain/src/schemas/voltage-letters.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          exclude: REQUEST_SCHEMA_TESTS,
          // The domain is pure: its modules are loaded once per worker instead of once per test file
          // and mutant run, which is most of a mutant's time (a full run: 8 s instead of 42 s).
          isolate: false,
        },
      },
      {
        test: {
          name: 'domain-request-schemas',
          include: REQUEST_SCHEMA_TESTS,
          // schemas/request.ts builds each form's schema once and keeps it: shared between runs, a
          // schema built while one mutant was active would stay for the next ones. Fresh modules
          // for these files in every run.
          isolate: true,
        },
      },
    ],
  },
});
