// PaddleOCR in worker threads: each reads one photo at a time with its own models, so the API's thread stays
// free and memory grows with the threads, not with the number of photos waiting.
import { Worker } from 'node:worker_threads';
import type { PpOcr, PpOcrResult } from './pp-ocr';

export type PpOcrRequest =
  | { kind: 'read'; id: number; jpeg: Uint8Array; longSide: number }
  | { kind: 'close' };

export interface PpOcrWorkerData {
  /** Threads one model run may use. */
  threads: number;
}

export type PpOcrReply =
  | { kind: 'ready' }
  | { kind: 'result'; id: number; result: PpOcrResult }
  | { kind: 'failed'; id: number; message: string };

interface Job {
  id: number;
  jpeg: Uint8Array;
  longSide: number;
  resolve: (result: PpOcrResult) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  thread: Worker;
  ready: Promise<void>;
  job: Job | null;
}

export interface PpOcrPool extends PpOcr {
  /** Starts every thread and loads its models, so the first seller does not wait for them. */
  warmUp(): Promise<void>;
}

/** `size` worker threads, each of whose model runs may use `threadsEach` threads. */
export function createPpOcrPool(size: number, threadsEach: number): PpOcrPool {
  const waiting: Job[] = [];
  let workers: PoolWorker[] | null = null;
  let nextId = 0;

  const start = (): PoolWorker => {
    const thread = new Worker(new URL('./pp-ocr-worker.mjs', import.meta.url), {
      workerData: { threads: threadsEach } satisfies PpOcrWorkerData,
    });
    const worker: PoolWorker = { thread, job: null, ready: Promise.resolve() };
    worker.ready = new Promise<void>((resolve, reject) => {
      thread.on('message', (reply: PpOcrReply) => {
        if (reply.kind === 'ready') {
          resolve();
          return;
        }
        const job = worker.job;
        worker.job = null;
        if (job?.id === reply.id) {
          if (reply.kind === 'result') job.resolve(reply.result);
          else job.reject(new Error(`PaddleOCR could not read the photo: ${reply.message}`));
        }
        dispatch();
      });
      thread.on('error', (error) => {
        reject(error);
        worker.job?.reject(error);
        worker.job = null;
      });
    });
    // An unhandled rejection here would only repeat what the job that waits on it already reports.
    worker.ready.catch(() => {});
    return worker;
  };

  const dispatch = () => {
    for (const worker of workers ?? []) {
      if (worker.job !== null) continue;
      const job = waiting.shift();
      if (!job) return;
      worker.job = job;
      worker.ready.then(
        () =>
          worker.thread.postMessage({
            kind: 'read',
            id: job.id,
            jpeg: job.jpeg,
            longSide: job.longSide,
          } satisfies PpOcrRequest),
        (error: Error) => {
          worker.job = null;
          job.reject(error);
        },
      );
    }
  };

  return {
    async warmUp() {
      workers ??= Array.from({ length: size }, start);
      await Promise.all(workers.map((worker) => worker.ready));
    },
    read(jpeg, longSide) {
      workers ??= Array.from({ length: size }, start);
      return new Promise<PpOcrResult>((resolve, reject) => {
        waiting.push({ id: nextId++, jpeg, longSide, resolve, reject });
        dispatch();
      });
    },
    async close() {
      const running = workers ?? [];
      workers = null;
      for (const job of waiting.splice(0)) job.reject(new Error('The label reader was closed.'));
      await Promise.all(
        running.map(async (worker) => {
          await worker.ready.catch(() => {});
          worker.thread.postMessage({ kind: 'close' } satisfies PpOcrRequest);
          await new Promise((resolve) => worker.thread.once('exit', resolve));
        }),
      );
    },
  };
}
