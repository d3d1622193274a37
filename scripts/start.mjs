// `npm start`: builds the web app when it is missing or older than its sources, then runs the server.
// This keeps `npm install && npm start` true on a fresh clone and after a `git pull`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtPage = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
];

function newestChange(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), stat.mtimeMs);
}

function webAppIsCurrent() {
  if (!fs.existsSync(builtPage)) return false;
  const builtAt = fs.statSync(builtPage).mtimeMs;
  return webSources.every((source) => newestChange(path.join(root, source)) <= builtAt);
}

if (!webAppIsCurrent()) {
  console.log('Building the web app (first start or changed sources)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@snaplist/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
