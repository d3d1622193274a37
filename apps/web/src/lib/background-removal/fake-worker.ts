// A stand-in for the background removal worker in the tests of the page's side: it records what the remover
// posts and answers as the worker script would, so the job bookkeeping is tested without the model.
import { vi } from 'vitest';
import type { WorkerRequest, WorkerResponse } from './worker-protocol';

export class FakeWorker extends EventTarget {
  readonly posted: WorkerRequest[] = [];
  terminated = false;

  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    super();
  }

  postMessage(request: WorkerRequest): void {
    this.posted.push(request);
  }

  terminate(): void {
    this.terminated = true;
  }

  answer(response: WorkerResponse): void {
    this.dispatchEvent(new MessageEvent('message', { data: response }));
  }

  /** What the page sees when the worker script fails to load or throws. */
  crash(): void {
    this.dispatchEvent(new Event('error'));
  }
}

/**
 * Gives the test a browser with Worker and OffscreenCanvas (Node has neither); every worker the code under
 * test starts is in `workers`, in order. `vi.unstubAllGlobals()` takes them away again.
 */
export function stubWorkerGlobals(): FakeWorker[] {
  const workers: FakeWorker[] = [];
  vi.stubGlobal(
    'Worker',
    class extends FakeWorker {
      constructor(url: URL | string, options?: WorkerOptions) {
        super(url, options);
        workers.push(this);
      }
    },
  );
  vi.stubGlobal('OffscreenCanvas', class {});
  return workers;
}
