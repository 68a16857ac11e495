import { defineConfig } from 'vitest/config';

// The domain's unit tests alone, for the mutation check (stryker.config.mjs). The root config's
// 'node' project runs them too, but its global setup migrates and seeds a database the domain never
// touches (about 25 s per run); Stryker starts one of these per worker, so it would pay that twice.
export default defineConfig({
  test: {
    include: ['packages/domain/src/**/*.test.ts'],
    // The domain is pure (no I/O, no module state the tests change): its modules are loaded once per
    // worker instead of once per test file and mutant run, which is most of a mutant's time.
    isolate: false,
  },
});
