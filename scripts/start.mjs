// `npm start`: builds the web app and the server when their build is missing or older than
// their sources, then runs the server (which migrates, seeds and serves everything on PORT).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

const newestMtime = (target) => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
};

const targets = [
  {
    name: '@portal/web',
    output: at('apps/web/dist/index.html'),
    sources: [
      at('apps/web/src'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('packages/domain/src'),
    ],
  },
  {
    name: '@portal/server',
    output: at('apps/server/dist/main.js'),
    sources: [at('apps/server/src'), at('packages/domain/src')],
  },
];

for (const { name, output, sources } of targets) {
  const built = newestMtime(output);
  if (built === 0 || Math.max(...sources.map(newestMtime)) > built) {
    console.log(`Compilando ${name}...`);
    execSync(`npm run build -w ${name}`, { cwd: root, stdio: 'inherit' });
  }
}

await import(at('apps/server/dist/main.js'));
