// `npm run dev`: the server with reload on change (tsx watch) and Vite's dev server for the web,
// which proxies /api to the server. Stop both with Ctrl+C.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { API_DOCS: '1', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@portal/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', (code) => (process.exitCode ||= code ?? 0));
