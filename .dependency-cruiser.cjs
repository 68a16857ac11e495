/**
 * Dependency rules the lint enforces (issue 33): no file cycles anywhere, type-only imports
 * included, across the domain, the server and the web; on the server, no feature module imports
 * another, and the requests core and the infrastructure import no feature.
 */

const MODULES = '^apps/server/src/modules/';

// Files that still import another feature, each to be taken off as its edge goes (issue 33 step 3):
// the status-change notice (notificacoes) called by the saves, the export registry shared by the
// lists' routes and the reports, the timeline's names from the audit log, the cities of localidades,
// the administration's password reset and the task screen's kind names.
const FEATURE_EDGES_LEFT = [
  'admin/tarefas/repo.ts',
  'admin/usuarios/send-password-reset.ts',
  'confirmacao-base/confirm-requests.ts',
  'consolidacao/routes.ts',
  'exportacoes/sources.ts',
  'pos-aprovacao/validate-unit.ts',
  'relatorios/regularization-report-repo.ts',
  'relatorios/routes.ts',
  'solicitacoes/check-references.ts',
  'solicitacoes/routes.ts',
  'solicitacoes/save-request.ts',
  'solicitacoes/timeline-repo.ts',
  'solicitacoes/timeline.ts',
].map((file) => `${MODULES}${file.replaceAll('.', '\\.')}$`);

// The composition roots that still reach into features: the seed and the task registry.
const ROOTS_LEFT = ['^apps/server/src/db/seed/', '^apps/server/src/jobs/tasks\\.ts$'];

module.exports = {
  forbidden: [
    {
      name: 'no-feature-imports-feature',
      comment:
        'A feature depends on the requests core and the infrastructure, never on another feature: what two features share belongs in the core, and a side effect of a save is an event.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: FEATURE_EDGES_LEFT },
      to: { path: MODULES, pathNot: `${MODULES}$1/` },
    },
    {
      name: 'core-and-infrastructure-import-no-feature',
      comment: 'The requests core and the shared infrastructure sit below every feature.',
      severity: 'error',
      from: { path: '^apps/server/src/(?!modules/|app\\.ts$|main\\.ts$)', pathNot: ROOTS_LEFT },
      to: { path: MODULES },
    },
    {
      name: 'no-cycles',
      comment: 'A file cycle makes two files one unit: neither can be read, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|drizzle|data)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
  },
};
