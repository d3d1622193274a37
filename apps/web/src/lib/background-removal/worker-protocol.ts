// The messages between the page's remover (remover.ts) and the background removal worker
// (background-removal.worker.ts). Every answer names the job it belongs to; the worker takes one job at a time.
import type { BackgroundRemovalOutputFormat, BackgroundRemovalSettings } from '@snaplist/contract';
import type { RemovalErrorCode, RemovalProgress } from './remover-types';

/** The settings the worker runs with: the public path is absolute, as the library needs it. */
export type WorkerSettings = Omit<BackgroundRemovalSettings, 'availableModels'>;

export type WorkerRequest =
  | { type: 'remove'; jobId: number; photo: Blob; colour: string; settings: WorkerSettings }
  | {
      type: 'recolour';
      jobId: number;
      cutout: Blob;
      colour: string;
      format: BackgroundRemovalOutputFormat;
      quality: number;
    };

export type WorkerResponse =
  | { type: 'progress'; jobId: number; progress: RemovalProgress }
  /** The photo is a Blob of the output format: the page names it. A recolour sends its cut-out back as it came. */
  | { type: 'done'; jobId: number; cutout: Blob; photo: Blob }
  | {
      type: 'failed';
      jobId: number;
      code: RemovalErrorCode;
      detail: string;
      /**
       * The library keeps a failed model load (and the runtime a failed start) for the worker's lifetime, and
       * a device out of memory stays so: only a new worker can try again.
       */
      workerSpent: boolean;
    };
