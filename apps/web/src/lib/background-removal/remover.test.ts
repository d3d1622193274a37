import { DEFAULT_BACKGROUND_REMOVAL } from '@snaplist/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeWorker, stubWorkerGlobals } from './fake-worker';
import { createBackgroundRemover, outputFileName } from './remover';
import { BackgroundRemovalError, type RemovalProgress } from './remover-types';
import type { WorkerSettings } from './worker-protocol';

const settings: WorkerSettings = {
  ...DEFAULT_BACKGROUND_REMOVAL,
  publicPath: 'http://localhost/background-removal/',
};
const photo = new File([new Uint8Array([1, 2, 3])], 'shirt.jpg', { type: 'image/jpeg' });
const cutout = new Blob([new Uint8Array([4])], { type: 'image/png' });
const onWhite = new Blob([new Uint8Array([5, 6])], { type: 'image/png' });

afterEach(() => {
  vi.unstubAllGlobals();
});

function only(workers: FakeWorker[]): FakeWorker {
  expect(workers).toHaveLength(1);
  return workers[0] as FakeWorker;
}

function lastJobId(worker: FakeWorker): number {
  const request = worker.posted.at(-1);
  if (!request) throw new Error('Nothing was posted to the worker.');
  return request.jobId;
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('Expected the promise to reject.');
    },
    (error: unknown) => error,
  );
}

describe('outputFileName', () => {
  it('names the photo after the original, with the extension of the output format', () => {
    expect(outputFileName('shirt.jpg', 'png')).toBe('shirt.png');
    expect(outputFileName('IMG_0042.HEIC.png', 'jpeg')).toBe('IMG_0042.HEIC.jpg');
    expect(outputFileName('scan', 'webp')).toBe('scan.webp');
    expect(outputFileName('.hidden', 'png')).toBe('.hidden.png');
  });
});

describe('createBackgroundRemover', () => {
  it('starts one module worker for the first job, passes its progress on and answers with the photo as a File', async () => {
    const workers = stubWorkerGlobals();
    const remover = createBackgroundRemover(settings);
    expect(workers).toHaveLength(0);
    const progress: RemovalProgress[] = [];

    const removal = remover.remove(photo, { colour: '#ffffff', onProgress: (step) => progress.push(step) });
    const worker = only(workers);
    expect(worker.options).toEqual({ type: 'module', name: 'background-removal' });
    expect(worker.posted).toEqual([{ type: 'remove', jobId: 1, photo, colour: '#ffffff', settings }]);

    worker.answer({ type: 'progress', jobId: 1, progress: { stage: 'downloading', loaded: 5, total: 10 } });
    worker.answer({ type: 'progress', jobId: 1, progress: { stage: 'removing' } });
    worker.answer({ type: 'done', jobId: 1, cutout, photo: onWhite });
    const removed = await removal;

    expect(progress).toEqual([{ stage: 'downloading', loaded: 5, total: 10 }, { stage: 'removing' }]);
    expect(removed.cutout).toBe(cutout);
    expect(removed.photo).toBeInstanceOf(File);
    expect(removed.photo.name).toBe('shirt.png');
    expect(removed.photo.type).toBe('image/png');
    expect(new Uint8Array(await removed.photo.arrayBuffer())).toEqual(new Uint8Array([5, 6]));
  });

  it('sends one job at a time, a new colour before the photos still waiting', async () => {
    const workers = stubWorkerGlobals();
    const remover = createBackgroundRemover({ ...settings, outputFormat: 'jpeg', quality: 0.7 });
    const first = remover.remove(photo, { colour: '#ffffff' });
    const second = remover.remove(new File([], 'jeans.webp'), { colour: '#ffffff' });
    const recoloured = remover.recolour(cutout, 'dress.png', '#eeeeee');
    const worker = only(workers);
    expect(worker.posted.map((request) => request.type)).toEqual(['remove']);

    worker.answer({ type: 'done', jobId: 1, cutout, photo: onWhite });
    await first;
    expect(worker.posted.at(-1)).toEqual({
      type: 'recolour',
      jobId: 3,
      cutout,
      colour: '#eeeeee',
      format: 'jpeg',
      quality: 0.7,
    });
    worker.answer({ type: 'done', jobId: 3, cutout, photo: onWhite });
    expect((await recoloured).name).toBe('dress.jpg');

    expect(worker.posted.at(-1)).toMatchObject({ type: 'remove', jobId: 2 });
    worker.answer({ type: 'done', jobId: 2, cutout, photo: onWhite });
    expect((await second).photo.name).toBe('jeans.jpg');
    expect(workers).toHaveLength(1);
  });

  it('rejects with the code the worker sends, and keeps a worker whose model is loaded', async () => {
    const workers = stubWorkerGlobals();
    const remover = createBackgroundRemover(settings);
    const removal = remover.remove(photo, { colour: '#ffffff' });
    const worker = only(workers);
    worker.answer({
      type: 'failed',
      jobId: 1,
      code: 'image_unreadable',
      detail: 'InvalidStateError: The source image could not be decoded.',
      workerSpent: false,
    });

    const error = await rejectionOf(removal);
    expect(error).toBeInstanceOf(BackgroundRemovalError);
    expect(error).toMatchObject({
      code: 'image_unreadable',
      message: 'InvalidStateError: The source image could not be decoded.',
    });

    void remover.remove(photo, { colour: '#ffffff' });
    expect(worker.terminated).toBe(false);
    expect(workers).toHaveLength(1);
    expect(lastJobId(worker)).toBe(2);
  });

  it('replaces a spent worker, so trying again after a failed model load loads the model again', async () => {
    const workers = stubWorkerGlobals();
    const remover = createBackgroundRemover(settings);
    const removal = remover.remove(photo, { colour: '#ffffff' });
    const [spent] = workers;
    spent?.answer({
      type: 'failed',
      jobId: 1,
      code: 'size_mismatch',
      detail: 'Error: Failed to fetch /models/isnet_fp16 with size 4194304 but got 42',
      workerSpent: true,
    });
    expect(await rejectionOf(removal)).toMatchObject({ code: 'size_mismatch' });
    expect(spent?.terminated).toBe(true);

    const retry = remover.remove(photo, { colour: '#ffffff' });
    expect(workers).toHaveLength(2);
    const [, fresh] = workers;
    expect(fresh?.posted).toEqual([{ type: 'remove', jobId: 2, photo, colour: '#ffffff', settings }]);
    fresh?.answer({ type: 'done', jobId: 2, cutout, photo: onWhite });
    expect((await retry).photo.name).toBe('shirt.png');
  });

  it('drops a waiting job when its signal aborts, and never sends it', async () => {
    const workers = stubWorkerGlobals();
    const remover = createBackgroundRemover(settings);
    const first = remover.remove(photo, { colour: '#ffffff' });
    const controller = new AbortController();
    const dropped = remover.remove(photo, { colour: '#ffffff', signal: controller.signal });
    controller.abort();

    expect(await rejectionOf(dropped)).toMatchObject({ name: 'AbortError' });
    const worker = only(workers);
    worker.answer({ type: 'done', jobId: 1, cutout, photo: onWhite });
    await first;
    expect(worker.posted.map((request) => request.jobId)).toEqual([1]);
  });

  it('answers a running job AbortError at once, ignores what the worker still says of it, then goes on', async () => {
    const workers = stubWorkerGlobals();
    const remover = createBackgroundRemover(settings);
    const controller = new AbortController();
    const progress: RemovalProgress[] = [];
    const running = remover.remove(photo, {
      colour: '#ffffff',
      signal: controller.signal,
      onProgress: (step) => progress.push(step),
    });
    const next = remover.remove(photo, { colour: '#000000' });
    controller.abort();
    expect(await rejectionOf(running)).toMatchObject({ name: 'AbortError' });

    const worker = only(workers);
    worker.answer({ type: 'progress', jobId: 1, progress: { stage: 'removing' } });
    expect(progress).toEqual([]);
    // The model cannot be stopped halfway: the next job waits for the worker to finish the dropped one.
    expect(worker.posted.map((request) => request.jobId)).toEqual([1]);
    worker.answer({ type: 'done', jobId: 1, cutout, photo: onWhite });
    expect(worker.posted.map((request) => request.jobId)).toEqual([1, 2]);
    worker.answer({ type: 'done', jobId: 2, cutout, photo: onWhite });
    expect((await next).cutout).toBe(cutout);
  });

  it('refuses a job whose signal has already aborted, without a worker', async () => {
    const workers = stubWorkerGlobals();
    const remover = createBackgroundRemover(settings);
    const removal = remover.remove(photo, { colour: '#ffffff', signal: AbortSignal.abort() });
    expect(await rejectionOf(removal)).toMatchObject({ name: 'AbortError' });
    expect(workers).toHaveLength(0);
  });

  it('fails every job it owes when the worker stops, and starts a new worker for the next', async () => {
    const workers = stubWorkerGlobals();
    const remover = createBackgroundRemover(settings);
    const running = remover.remove(photo, { colour: '#ffffff' });
    const waiting = remover.recolour(cutout, 'shirt.jpg', '#ffffff');
    only(workers).crash();

    for (const job of [running, waiting]) {
      const error = await rejectionOf(job);
      expect(error).toBeInstanceOf(BackgroundRemovalError);
      expect(error).toMatchObject({ code: 'failed' });
    }
    expect(workers[0]?.terminated).toBe(true);

    void remover.remove(photo, { colour: '#ffffff' });
    expect(workers).toHaveLength(2);
    expect(workers[1]?.posted).toHaveLength(1);
  });

  it('ends the worker on dispose, with every job it owed aborted and later calls refused', async () => {
    const workers = stubWorkerGlobals();
    const remover = createBackgroundRemover(settings);
    const running = remover.remove(photo, { colour: '#ffffff' });
    const waiting = remover.remove(photo, { colour: '#ffffff' });
    remover.dispose();

    expect(only(workers).terminated).toBe(true);
    expect(await rejectionOf(running)).toMatchObject({ name: 'AbortError' });
    expect(await rejectionOf(waiting)).toMatchObject({ name: 'AbortError' });
    expect(await rejectionOf(remover.recolour(cutout, 'shirt.jpg', '#ffffff'))).toMatchObject({
      name: 'InvalidStateError',
    });
    expect(workers).toHaveLength(1);
  });

  it('refuses a colour that is not #rrggbb', async () => {
    stubWorkerGlobals();
    const remover = createBackgroundRemover(settings);
    await expect(remover.remove(photo, { colour: 'white' })).rejects.toThrow(RangeError);
    await expect(remover.recolour(cutout, 'shirt.jpg', '#fff')).rejects.toThrow(RangeError);
  });

  it('refuses a browser without OffscreenCanvas', () => {
    vi.stubGlobal('Worker', FakeWorker);
    expect(() => createBackgroundRemover(settings)).toThrow(
      expect.objectContaining({
        code: 'unsupported_browser',
        message: 'This browser has no OffscreenCanvas.',
      }),
    );
  });
});
