// The page's side of background removal (remover-types.ts): one worker (background-removal.worker.ts) and the
// jobs it owes answers to. Jobs go to the worker one at a time, so a job the seller drops while it waits is
// never sent, and a spent worker (a model that failed to load, a device out of memory) is replaced before the
// next job, which is how a retry really starts again.
import { BACKGROUND_COLOUR_PATTERN, type BackgroundRemovalOutputFormat } from '@snaplist/contract';
import {
  BackgroundRemovalError,
  type BackgroundRemover,
  type RemovalProgress,
  type RemovedBackground,
} from './remover-types';
import type { WorkerRequest, WorkerResponse, WorkerSettings } from './worker-protocol';

const FILE_EXTENSIONS: Record<BackgroundRemovalOutputFormat, string> = {
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
};

/** `shirt.jpg` becomes `shirt.png` when the photo is written as PNG. */
export function outputFileName(originalName: string, format: BackgroundRemovalOutputFormat): string {
  const dot = originalName.lastIndexOf('.');
  const stem = dot > 0 ? originalName.slice(0, dot) : originalName;
  return `${stem}.${FILE_EXTENSIONS[format]}`;
}

const REQUIRED_FEATURES = ['Worker', 'OffscreenCanvas', 'WebAssembly'] as const;

/** Throws unsupported_browser when the browser lacks what the worker needs. */
export function assertBrowserSupport(): void {
  const missing = REQUIRED_FEATURES.filter((feature) => globalThis[feature] === undefined);
  if (missing.length > 0) {
    throw new BackgroundRemovalError('unsupported_browser', `This browser has no ${missing.join(', ')}.`);
  }
}

function abortError(message: string): DOMException {
  return new DOMException(message, 'AbortError');
}

type WithoutJobId<Request> = Request extends WorkerRequest ? Omit<Request, 'jobId'> : never;
/** What a job asks of the worker; the remover numbers it when it queues it. */
type JobRequest = WithoutJobId<WorkerRequest>;

interface JobResult {
  cutout: Blob;
  photo: Blob;
}

interface Job {
  request: WorkerRequest;
  /** True once the caller has its answer: an aborted job still running keeps the worker until it ends. */
  settled: boolean;
  onProgress: ((progress: RemovalProgress) => void) | undefined;
  resolve(result: JobResult): void;
  reject(error: unknown): void;
}

export function createBackgroundRemover(settings: WorkerSettings): BackgroundRemover {
  assertBrowserSupport();
  let worker: Worker | undefined;
  let running: Job | undefined;
  const waiting: Job[] = [];
  let lastJobId = 0;
  let disposed = false;

  function startWorker(): Worker {
    const started = new Worker(new URL('./background-removal.worker.ts', import.meta.url), {
      type: 'module',
      name: 'background-removal',
    });
    started.addEventListener('message', (event: MessageEvent<WorkerResponse>) => {
      if (started === worker) answer(event.data);
    });
    started.addEventListener('error', (event) => {
      if (started !== worker) return;
      // A worker script that did not load gives a bare Event; an error thrown in the worker an ErrorEvent.
      const detail =
        'message' in event && typeof event.message === 'string' && event.message !== ''
          ? event.message
          : 'The background removal worker stopped.';
      discardWorker();
      rejectEveryJob(() => new BackgroundRemovalError('failed', detail));
    });
    return started;
  }

  function discardWorker(): void {
    worker?.terminate();
    worker = undefined;
  }

  function rejectEveryJob(error: () => unknown): void {
    const owed = [...(running ? [running] : []), ...waiting.splice(0)];
    running = undefined;
    for (const job of owed) settle(job, () => job.reject(error()));
  }

  function settle(job: Job, tell: () => void): void {
    if (job.settled) return;
    job.settled = true;
    tell();
  }

  function answer(message: WorkerResponse): void {
    const job = running;
    if (!job || message.jobId !== job.request.jobId) return;
    if (message.type === 'progress') {
      if (!job.settled) job.onProgress?.(message.progress);
      return;
    }
    running = undefined;
    if (message.type === 'done') {
      settle(job, () => job.resolve({ cutout: message.cutout, photo: message.photo }));
    } else {
      if (message.workerSpent) discardWorker();
      settle(job, () => job.reject(new BackgroundRemovalError(message.code, message.detail)));
    }
    sendNext();
  }

  function sendNext(): void {
    if (running || disposed) return;
    // A new colour is quick and the seller is looking at it: it goes before photos still waiting for the model.
    const recolourAt = waiting.findIndex((job) => job.request.type === 'recolour');
    const [next] = waiting.splice(recolourAt === -1 ? 0 : recolourAt, 1);
    if (!next) return;
    running = next;
    worker ??= startWorker();
    worker.postMessage(next.request);
  }

  function run(
    request: JobRequest,
    signal: AbortSignal | undefined,
    onProgress?: (progress: RemovalProgress) => void,
  ): Promise<JobResult> {
    if (disposed) {
      return Promise.reject(new DOMException('The background remover was disposed.', 'InvalidStateError'));
    }
    if (signal?.aborted) return Promise.reject(abortError('Background removal was aborted.'));
    return new Promise<JobResult>((resolve, reject) => {
      const job: Job = {
        request: { ...request, jobId: ++lastJobId },
        settled: false,
        onProgress,
        resolve: (result) => {
          signal?.removeEventListener('abort', abort);
          resolve(result);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', abort);
          reject(error);
        },
      };
      function abort(): void {
        // A waiting job is dropped; a running one cannot be stopped inside the model, so its answer is ignored.
        const at = waiting.indexOf(job);
        if (at !== -1) waiting.splice(at, 1);
        settle(job, () => job.reject(abortError('Background removal was aborted.')));
      }
      signal?.addEventListener('abort', abort, { once: true });
      waiting.push(job);
      sendNext();
    });
  }

  function checkColour(colour: string): void {
    if (!BACKGROUND_COLOUR_PATTERN.test(colour)) throw new RangeError(`"${colour}" is not a #rrggbb colour.`);
  }

  function asFile(photo: Blob, originalName: string): File {
    return new File([photo], outputFileName(originalName, settings.outputFormat), { type: photo.type });
  }

  return {
    async remove(photo, { colour, signal, onProgress }): Promise<RemovedBackground> {
      checkColour(colour);
      const result = await run({ type: 'remove', photo, colour, settings }, signal, onProgress);
      return { cutout: result.cutout, photo: asFile(result.photo, photo.name) };
    },
    async recolour(cutout, originalName, colour): Promise<File> {
      checkColour(colour);
      const request: JobRequest = {
        type: 'recolour',
        cutout,
        colour,
        format: settings.outputFormat,
        quality: settings.quality,
      };
      const result = await run(request, undefined);
      return asFile(result.photo, originalName);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      discardWorker();
      rejectEveryJob(() => abortError('The background remover was disposed.'));
    },
  };
}
