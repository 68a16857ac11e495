import { DEMO_PASSWORD } from './db/seed/demo-data.ts';
import { startupFailureLine } from './startup/failure-line.ts';
import { shutDownOnSignals } from './startup/graceful-shutdown.ts';
import { startServer, type StartedServer } from './startup/start-server.ts';
import { StartupError } from './startup/startup-error.ts';

let started: StartedServer;
try {
  started = await startServer(process.env);
} catch (err) {
  // One line the operator can act on; the stack of a known fault would only bury it.
  console.error(startupFailureLine(err, process.env));
  // An unforeseen fault is a bug: whoever debugs it asks for its stack with LOG_LEVEL=debug.
  if (!(err instanceof StartupError) && process.env.LOG_LEVEL === 'debug') console.error(err);
  process.exit(1);
}
const { app, config, firstAdministrator } = started;

shutDownOnSignals(app, config.shutdown);

if (app.seededUsers.length) {
  const lines = app.seededUsers.map((email) => `  ${email}`).join('\n');
  console.log(`\nUsuários de demonstração criados (senha ${DEMO_PASSWORD}):\n${lines}\n`);
}
if (firstAdministrator) {
  console.log(
    firstAdministrator.outcome === 'created'
      ? `Primeiro administrador criado: ${firstAdministrator.email} (uma nova senha será pedida no primeiro acesso).`
      : 'ADMIN_EMAIL ignorado: o banco já tem usuários (o primeiro administrador só é criado num banco sem usuários).',
  );
}
console.log(
  `Portal de Solicitações de UC em ${config.publicUrl} (banco: ${config.databaseUrl ? 'PostgreSQL' : `PGlite em ${config.dataDir}`})`,
);
