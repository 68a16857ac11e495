// Mutation check of the domain package (issue 33, step 5): the rules the server and the web share
// are changed one at a time and the domain's own unit tests must notice. `npm run test:mutation`;
// CI runs it after types and lint (.ci/run). Score, time and floor: BENCHMARKS.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The domain's tests only, without the root config's database set-up (see that file).
  vitest: { configFile: 'vitest.stryker.config.ts' },
  // The rule files (access, workflow, reports, schemas, validators, and who may make a call): on
  // this shared 2-core box the whole package took over an hour. Left out, each with tests of its
  // own: the wire contracts' descriptors and answer shapes (contracts/, checked against the routes
  // by the server's contract and OpenAPI tests), pure catalogues (catalogs/: codes and labels), and
  // how screens word things (audit-log labels and values, dashboard cards, post-approval,
  // reconciliation and sign-in helpers), which only inflated the run.
  mutate: [
    'packages/domain/src/{access,workflow,reports,schemas,validators}/**/*.ts',
    'packages/domain/src/contracts/{call,access-rule}.ts',
    '!packages/domain/src/**/*.test.ts',
    '!packages/domain/src/**/index.ts',
    // Tables of names and lengths with no decision in them.
    '!packages/domain/src/validators/field-limits.ts',
    '!packages/domain/src/workflow/request-fields.ts',
  ],
  // The sandbox needs the domain and the root's configs only: the apps' files would be copied for nothing.
  ignorePatterns: ['/apps', '/e2e', '/bench', '/docs', '/scripts', '/data', '/reports'],
  coverageAnalysis: 'perTest',
  // A module-level ("static") mutant, a literal of a table built at load, reruns every domain test
  // in a fresh module graph: on this 2-core box they were a third of the mutants and 93% of the run
  // (over half an hour). The tables are checked case by case by their tests (policy-matrix,
  // required-rules, visibility…); their mutants are left out of the run and the score.
  ignoreStatic: true,
  // The CI box has two cores.
  concurrency: 2,
  // CI starts from a clean checkout: every run mutates everything, nothing is read from a past run.
  incremental: false,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  // 94.6% measured on 2026-11-28 (BENCHMARKS.md, "Mutation score (domain)"); a run under 92 fails CI.
  thresholds: { high: 90, low: 80, break: 92 },
};
