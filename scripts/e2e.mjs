// `npm run test:e2e` (after the build): the browser journeys in E2E_SHARDS groups side by side
// (default 2), each with its own server and database (e2e/support/server.ts). Much of a journey is
// waiting for a browser or a server, so two groups keep a 2-core machine busy where one does not.
// Arguments (a folder, a file) run those journeys in one group, as vitest would.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const shards = args.length ? 1 : Math.max(1, Number.parseInt(process.env.E2E_SHARDS ?? '2', 10) || 1);

function runShard(index) {
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : [];
  const child = spawn('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...shardArgs, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Each line says which group wrote it; a group's lines stay whole.
  const prefix = shards > 1 ? `[${index}/${shards}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop();
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => pending && process.stdout.write(`${prefix}${pending}\n`));
  }
  return new Promise((resolve) => child.once('close', (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
