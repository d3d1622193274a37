// Starts the real server as its own process (so the load generator does not share its event loop),
// on a fresh data directory, and stops it afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src/main.ts');

const CLOCK_TICKS_PER_SECOND = 100;

export interface BenchServer {
  baseUrl: string;
  /** The server's DATA_DIR, so a benchmark can seed its database. */
  dataDir: string;
  /** Peak resident memory of the server process so far, in MiB (Linux). */
  peakMemoryMiB(): number;
  /** CPU time the server process has used so far, user and system, all threads (OCR workers too), in seconds (Linux). */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export async function startBenchServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-bench-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_IP: '100000000',
      AUTH_RATE_LIMIT_PER_EMAIL: '100000000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('bench server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    dataDir,
    peakMemoryMiB() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kib = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
      return Math.round(kib / 1024);
    },
    cpuSeconds() {
      // /proc/<pid>/stat: the command name (field 2) may hold spaces, so count fields after its ')'.
      // utime and stime are fields 14 and 15, in clock ticks of 1/100 s on Linux.
      const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
