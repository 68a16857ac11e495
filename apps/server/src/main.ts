import { readConfig } from './config.ts';
import { buildApp } from './app.ts';
import { DEMO_PASSWORD } from './db/seed/demo-data.ts';

const config = readConfig();
const app = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: encerrando`);
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });

if (app.seededUsers.length) {
  const lines = app.seededUsers.map((email) => `  ${email}`).join('\n');
  console.log(`\nUsuários de demonstração criados (senha ${DEMO_PASSWORD}):\n${lines}\n`);
}
console.log(`Portal de Solicitações de UC em ${config.publicUrl} (banco: ${config.databaseUrl ? 'PostgreSQL' : `PGlite em ${config.dataDir}`})`);
