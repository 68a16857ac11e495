/**
 * Import benchmark of /conciliacao-da-base: a generated provider-base export of N rows (csv),
 * streamed over loopback to the real app, as the provider operator's browser would send it, then
 * applied by the app's job queue (issue 16) while the client follows the run, as the screen does.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/import.ts 1000000
 * The app and its queue worker run in this process; the file is generated and sent by a child
 * process, so the RSS growth printed (sampled every 250 ms) is the server's alone.
 */
import { fork } from 'node:child_process';
import { clientCnpjForUf } from '@portal/domain';
import type { ImportRunRow } from '@portal/domain/contracts/reconciliation';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';

const [role, ...args] = process.argv.slice(2);
if (role === '--cliente') await sendFile(args[0]!, args[1]!, Number(args[2]));
else await serve(Number(role ?? 100_000));

async function serve(rows: number) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { readConfig } = await import('../apps/server/src/config.ts');
  const { DEMO_PASSWORD } = await import('../apps/server/src/db/seed/demo-data.ts');
  const { QUEUE_POLL_MS, registerQueueWorker } = await import('../apps/server/src/jobs/queue.ts');
  const { taskHandlers } = await import('../apps/server/src/jobs/tasks.ts');
  // The demo users sign in; an empty bench database gets them.
  const app = await buildApp({
    ...readConfig(),
    seedDemo: true,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    webDist: undefined,
  });
  // As a started server has it (start-server.ts): the queue applies what the route received.
  registerQueueWorker(app, taskHandlers(app), QUEUE_POLL_MS);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'amee@demo.portal', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 250);
  const client = fork(process.argv[1]!, ['--cliente', base, token, String(rows)], {
    execArgv: process.execArgv,
  });
  await new Promise((resolve) => client.once('exit', resolve));
  clearInterval(sampler);
  console.log(`RSS do servidor: +${((rssPeak - rssBefore) / 1024 / 1024).toFixed(0)} MB no pico`);
  await app.close();
}

/** The client: one in a hundred units divergent (half of each type), the rest right. */
async function sendFile(base: string, token: string, rows: number) {
  const SP = clientCnpjForUf('SP')!;
  const RJ = clientCnpjForUf('RJ')!;
  const boundary = '----bench';
  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n` +
        'UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF;Endereço ID;Cidade;Endereço;Bairro;Ativa\r\n',
    );
    const lines: string[] = [];
    for (let i = 0; i < rows; i++) {
      const cnpj = i % 200 === 0 ? RJ : SP;
      const name = i % 200 === 100 ? 'Torres Brasil Infraestrutura S.A.' : CLIENT_COMPANY_NAME;
      lines.push(
        `B${String(i).padStart(9, '0')};ENEL SP;${name};${cnpj};SP;SP${i % 10_000_000};São Paulo;Avenida Paulista, ${i % 3000};Bela Vista;Sim`,
      );
      if (lines.length === 5000) yield Buffer.from(lines.splice(0).join('\r\n') + '\r\n');
    }
    if (lines.length) yield Buffer.from(lines.join('\r\n') + '\r\n');
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const answer = await fetch(`${base}/api/conciliacao/importar?fluxo=energia`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
    body: ReadableStream.from(body()),
    duplex: 'half',
  } as RequestInit);
  const queued = (await answer.json()) as { msg: string; dados?: { id: number } };
  console.log(`envio: ${seconds()} s, HTTP ${answer.status}: ${queued.msg}`);
  if (!queued.dados) return;
  // The run's end, seen as the screen sees it: the list of runs, polled.
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const list = await fetch(`${base}/api/conciliacao/importacoes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ fluxo: 'energia' }),
    });
    const { dados } = (await list.json()) as { dados: ImportRunRow[] };
    const run = dados.find((r) => r.id === queued.dados!.id);
    if (!run || run.situacao === 'aplicada' || run.situacao === 'falhou') {
      console.log(
        `${rows.toLocaleString('pt-BR')} linhas: ${seconds()} s do início do envio ao fim da aplicação, ` +
          `${run?.situacao}: ${run?.linhas_aceitas} aplicadas, ${run?.linhas_rejeitadas} rejeitadas, ` +
          `${run?.divergencias_abertas} divergências abertas${run?.erro ? ` (${run.erro})` : ''}`,
      );
      return;
    }
  }
}
