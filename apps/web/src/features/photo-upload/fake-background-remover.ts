// For tests: a background remover driven by hand. Each photo's job waits until the test finishes it, fails it
// or reports progress; aborting a job rejects it as the real remover does. A cleaned photo's bytes say what it
// is ("a.jpg on #ffffff"), so a test can tell what was uploaded.
import {
  BackgroundRemovalError,
  type BackgroundRemover,
  type RemovalErrorCode,
  type RemovalProgress,
  type RemovedBackground,
  type RemoveOptions,
} from '@/lib/background-removal/remover-types';
import type { RemoverModule } from './background-removal-queue';

interface FakeJob {
  photo: File;
  options: RemoveOptions;
  resolve: (result: RemovedBackground) => void;
  reject: (error: unknown) => void;
}

/** The photo a cleaned `name` becomes on `colour`: a PNG named after it. */
export function cleanedFile(name: string, colour: string): File {
  return new File([`${name} on ${colour}`], name.replace(/\.\w+$/, '.png'), { type: 'image/png' });
}

export class FakeRemover implements BackgroundRemover {
  /** Jobs not finished yet, in the order they came. */
  readonly pending: FakeJob[] = [];
  /** Every photo the model was asked to clean, by name, in order. */
  readonly removed: string[] = [];
  /** Every recolour asked for, as '{name} on {colour}'. */
  readonly recoloured: string[] = [];
  /** When set, each cleaned photo is this many bytes (to exceed the upload limit). */
  cleanedSize: number | undefined;
  /** When set, recolouring fails with this code. */
  recolourFailsWith: RemovalErrorCode | undefined;

  remove(photo: File, options: RemoveOptions): Promise<RemovedBackground> {
    this.removed.push(photo.name);
    return new Promise((resolve, reject) => {
      const job = { photo, options, resolve, reject };
      this.pending.push(job);
      options.signal?.addEventListener('abort', () => {
        this.drop(job);
        reject(new DOMException('The job was aborted.', 'AbortError'));
      });
    });
  }

  async recolour(_cutout: Blob, originalName: string, colour: string): Promise<File> {
    this.recoloured.push(`${originalName} on ${colour}`);
    if (this.recolourFailsWith) throw new BackgroundRemovalError(this.recolourFailsWith, 'fake recolour');
    return cleanedFile(originalName, colour);
  }

  dispose(): void {}

  /** Whether the model is working on the photo of that name now. */
  isWorkingOn(name: string): boolean {
    return this.pending.some((job) => job.photo.name === name);
  }

  progress(name: string, progress: RemovalProgress): void {
    this.job(name).options.onProgress?.(progress);
  }

  finish(name: string): void {
    const job = this.job(name);
    this.drop(job);
    const photo = cleanedFile(name, job.options.colour);
    const padded =
      this.cleanedSize === undefined
        ? photo
        : new File([new Uint8Array(this.cleanedSize)], photo.name, { type: photo.type });
    job.resolve({ cutout: new Blob([`cut-out of ${name}`], { type: 'image/png' }), photo: padded });
  }

  fail(name: string, code: RemovalErrorCode): void {
    const job = this.job(name);
    this.drop(job);
    job.reject(new BackgroundRemovalError(code, `fake ${code}`));
  }

  private job(name: string): FakeJob {
    const job = this.pending.find((candidate) => candidate.photo.name === name);
    if (!job) throw new Error(`No background removal in progress for ${name}`);
    return job;
  }

  private drop(job: FakeJob): void {
    const index = this.pending.indexOf(job);
    if (index >= 0) this.pending.splice(index, 1);
  }
}

/** load-remover.ts as the tests want it: loads count, and the next loads can be made to fail. */
export class FakeRemoverModule implements RemoverModule {
  remover = new FakeRemover();
  loads = 0;
  /** Each load fails with this code while it is set. */
  failLoadsWith: RemovalErrorCode | undefined;

  loadBackgroundRemover = async (): Promise<BackgroundRemover> => {
    this.loads += 1;
    if (this.failLoadsWith)
      throw new BackgroundRemovalError(this.failLoadsWith, `fake ${this.failLoadsWith}`);
    return this.remover;
  };

  isBackgroundRemovalError = (error: unknown): error is BackgroundRemovalError =>
    error instanceof BackgroundRemovalError;
}
