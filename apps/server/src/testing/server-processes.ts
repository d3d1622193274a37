// Runs the real entry points as separate operating-system processes (`main.ts` for an API, `worker.ts` for a
// generation worker), the way a deployment runs them, so a test can spread one seller's work across them
// and kill one with SIGKILL. Their log lines are kept for the test to wait on and to show when it fails.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { httpClient, type TestClient } from './http-client';

const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY_POINTS = { api: 'main.ts', worker: 'worker.ts' } as const;

export interface ServerProcess {
  readonly kind: keyof typeof ENTRY_POINTS;
  readonly pid: number;
  /** Every line the process wrote to stdout and stderr so far. */
  logs(): string;
  /** Resolves with the first log line matching `pattern`, also one written before the call. */
  waitForLog(pattern: RegExp, timeoutMs: number): Promise<string>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface ApiProcess extends ServerProcess, TestClient {}

/** An API process on a free port; resolves once /api/health answers. */
export async function startApiProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawnEntry('api', { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const client = httpClient(`http://127.0.0.1:${port}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exited()) throw new Error(`The API process exited at start:\n${child.logs()}`);
    const answered = await fetch(`${client.baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      await child.kill('SIGKILL');
      throw new Error(`The API process did not answer within ${timeoutMs} ms:\n${child.logs()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { ...child, ...client };
}

/** A worker process; resolves once it says it takes jobs (after its engine warmed up). */
export async function startWorkerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const child = spawnEntry('worker', env);
  try {
    await child.waitForLog(/generation worker is taking jobs/, timeoutMs);
  } catch (error) {
    await child.kill('SIGKILL');
    throw error;
  }
  return child;
}

function spawnEntry(
  kind: keyof typeof ENTRY_POINTS,
  env: Record<string, string>,
): ServerProcess & { exited(): boolean } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `snaplist-${kind}-`));
  // biome-ignore lint/style/noProcessEnv: only PATH and HOME pass on, for Node itself; `env` configures the app
  const inherited = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir() };
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(sourceRoot, ENTRY_POINTS[kind])],
    {
      env: {
        ...inherited,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const wake of waiters) wake();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    for (const wake of waiters) wake();
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    kind,
    pid: child.pid ?? 0,
    exited,
    logs: () => output,
    waitForLog(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const line = output.split('\n').find((candidate) => pattern.test(candidate));
          if (line !== undefined) return finish(() => resolve(line));
          if (exited())
            finish(() =>
              reject(new Error(`The ${kind} process exited before logging ${pattern}:\n${output}`)),
            );
        };
        const timer = setTimeout(
          () =>
            finish(() =>
              reject(
                new Error(`The ${kind} process did not log ${pattern} within ${timeoutMs} ms:\n${output}`),
              ),
            ),
          timeoutMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        waiters.add(check);
        check();
      });
    },
    async kill(signal) {
      if (exited()) return;
      child.kill(signal);
      await exit;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
