import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      // Stryker's sandboxes (copies of the sources with mutants in them) and its report.
      '.stryker-tmp/**',
      'reports/mutation/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // SQL lives in repositories (issue 33): a use case, route or job calls a repository function
    // named for what it reads or writes. Row types may still be imported (`import type`).
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/db/**',
      'apps/server/src/**/repo.ts',
      'apps/server/src/**/*-repo.ts',
      // Infrastructure whose whole job is its table: the task queue, the audit trail, the sessions
      // and the rate-limit counters.
      'apps/server/src/jobs/queue.ts',
      'apps/server/src/audit/audit.ts',
      'apps/server/src/auth/sessions.ts',
      'apps/server/src/auth/session-user.ts',
      'apps/server/src/auth/rate-limits.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)db/schema(\\.ts)?$',
              allowTypeImports: true,
              message:
                'Only repositories (repo.ts, *-repo.ts) and db/ use the schema: call a repository function.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              allowTypeImports: true,
              message:
                'Queries are built in repositories (repo.ts, *-repo.ts) and db/: call a repository function.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
