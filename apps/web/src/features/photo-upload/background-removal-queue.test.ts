import { MAX_PHOTO_BYTES } from '@snaplist/contract/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BackgroundRemovalQueue, type BackgroundStep, type PhotoRemoval } from './background-removal-queue';
import { FakeRemoverModule } from './fake-background-remover';
import type { PhotoItem } from './photo-selection';

const photo = (name: string): PhotoItem => ({ id: `id-${name}`, file: new File(['original'], name) });
const a = photo('a.jpg');
const b = photo('b.jpg');
const c = photo('c.jpg');

let module: FakeRemoverModule;

beforeEach(() => {
  module = new FakeRemoverModule();
  // The queue says in the console why it stopped; the tests check the page's side of it.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

function startQueue({ enabled = true, colour = '#ffffff' } = {}) {
  const queue = new BackgroundRemovalQueue(async () => module, { enabled, colour });
  queue.resume();
  const removal = (item: PhotoItem): PhotoRemoval | undefined => queue.getState().removals.get(item.id);
  return { queue, removal, remover: module.remover };
}

/** Lets the queue's promises run: the remover answers asynchronously. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A queue given these photos, once it has started on them. */
async function queueWith(photos: PhotoItem[], options?: Parameters<typeof startQueue>[0]) {
  const started = startQueue(options);
  started.queue.setPhotos(photos);
  await settle();
  return started;
}

async function uploadedNames(queue: BackgroundRemovalQueue, photos: PhotoItem[]) {
  return Promise.all(
    queue.photosForUpload(photos).map(async (item) => `${item.file.name}: ${await item.file.text()}`),
  );
}

describe('background removal queue', () => {
  it('cleans the chosen photos one at a time, in order, on the chosen colour', async () => {
    const { queue, removal, remover } = await queueWith([a, b], { colour: '#000000' });

    expect(remover.pending.map((job) => job.photo.name)).toEqual(['a.jpg']);
    expect(removal(a)).toEqual({ status: 'working', progress: null });
    expect(removal(b)).toEqual({ status: 'waiting' });

    remover.progress('a.jpg', { stage: 'downloading', loaded: 5, total: 10 });
    expect(removal(a)).toEqual({
      status: 'working',
      progress: { stage: 'downloading', loaded: 5, total: 10 },
    });
    remover.finish('a.jpg');
    await settle();

    expect(removal(a)).toMatchObject({ status: 'done', colour: '#000000', undone: false });
    expect(remover.pending.map((job) => job.photo.name)).toEqual(['b.jpg']);
    remover.finish('b.jpg');
    await settle();
    expect(await uploadedNames(queue, [a, b])).toEqual([
      'a.png: a.jpg on #000000',
      'b.png: b.jpg on #000000',
    ]);
    expect(queue.photosForUpload([a, b]).every((item) => item.backgroundRemoved)).toBe(true);
    expect(module.loads).toBe(1);
  });

  it('waits for the switch: photos chosen while it is off are cleaned once it is on, later ones too', async () => {
    const { queue, removal, remover } = await queueWith([a], { enabled: false });
    expect(removal(a)).toBeUndefined();
    expect(module.loads).toBe(0);

    queue.setEnabled(true);
    await settle();
    expect(remover.isWorkingOn('a.jpg')).toBe(true);
    queue.setPhotos([a, b]);
    expect(removal(b)).toEqual({ status: 'waiting' });
    remover.finish('a.jpg');
    await settle();
    expect(remover.isWorkingOn('b.jpg')).toBe(true);
  });

  it('abandons the photo being cleaned when it is removed, and goes on with the next', async () => {
    const { queue, removal, remover } = await queueWith([a, b]);
    queue.setPhotos([b]);
    await settle();

    expect(removal(a)).toBeUndefined();
    expect(remover.pending.map((job) => job.photo.name)).toEqual(['b.jpg']);
    expect(queue.getState().failure).toBeNull();
  });

  it('switched off, uploads every photo as chosen; on again, shows what was done at once and goes on', async () => {
    const { queue, removal, remover } = await queueWith([a, b]);
    remover.finish('a.jpg');
    await settle();
    expect(remover.isWorkingOn('b.jpg')).toBe(true);

    queue.setEnabled(false);
    await settle();
    expect(remover.pending).toEqual([]);
    expect(removal(b)).toEqual({ status: 'waiting' });
    expect(queue.photosForUpload([a, b])).toEqual([a, b]);

    queue.setEnabled(true);
    expect(queue.photosForUpload([a])[0]?.backgroundRemoved).toBe(true);
    await settle();
    expect(remover.removed).toEqual(['a.jpg', 'b.jpg', 'b.jpg']);
  });

  it('paints a new colour on the finished photos without the model, and on one finished on the old colour', async () => {
    const { queue, removal, remover } = await queueWith([a, b]);
    remover.finish('a.jpg');
    await settle();

    queue.setColour('#eeeeee');
    await settle();
    expect(remover.recoloured).toEqual(['a.jpg on #eeeeee']);
    expect(removal(a)).toMatchObject({ status: 'done', colour: '#eeeeee' });
    // b was started on white: it is repainted once the model is done with it.
    remover.finish('b.jpg');
    await settle();
    expect(remover.recoloured).toEqual(['a.jpg on #eeeeee', 'b.jpg on #eeeeee']);
    expect(remover.removed).toEqual(['a.jpg', 'b.jpg']);
    expect(await uploadedNames(queue, [a, b])).toEqual([
      'a.png: a.jpg on #eeeeee',
      'b.png: b.jpg on #eeeeee',
    ]);
  });

  it('uploads an undone photo as it was, and a redone one cleaned again without the model', async () => {
    const { queue, remover } = await queueWith([a]);
    remover.finish('a.jpg');
    await settle();

    queue.undo(a.id);
    expect(queue.photosForUpload([a])).toEqual([a]);
    queue.redo(a.id);
    expect(queue.photosForUpload([a])[0]).toMatchObject({ backgroundRemoved: true });
    expect(remover.removed).toEqual(['a.jpg']);
  });

  it('keeps an unreadable photo as it is and goes on with the others', async () => {
    const { queue, removal, remover } = await queueWith([a, b]);
    remover.fail('a.jpg', 'image_unreadable');
    await settle();

    expect(removal(a)).toEqual({ status: 'failed', reason: 'image_unreadable' });
    expect(queue.getState().failure).toBeNull();
    expect(remover.isWorkingOn('b.jpg')).toBe(true);
  });

  it('keeps a photo as it is when its cleaned copy would be over the upload limit', async () => {
    const { queue, removal, remover } = startQueue();
    remover.cleanedSize = MAX_PHOTO_BYTES + 1;
    queue.setPhotos([a]);
    await settle();
    remover.finish('a.jpg');
    await settle();
    expect(removal(a)).toEqual({ status: 'failed', reason: 'too_large' });
    expect(queue.photosForUpload([a])).toEqual([a]);
  });

  it('stops when the remover does not load, and tries again on retry', async () => {
    module.failLoadsWith = 'metadata_not_found';
    const { queue, removal, remover } = await queueWith([a, b]);

    expect(queue.getState().failure).toBe('metadata_not_found');
    expect(removal(a)).toEqual({ status: 'waiting' });
    expect(remover.removed).toEqual([]);
    expect(queue.photosForUpload([a, b])).toEqual([a, b]);
    expect(console.warn).toHaveBeenCalled();

    module.failLoadsWith = undefined;
    queue.retry();
    await settle();
    expect(queue.getState().failure).toBeNull();
    expect(module.loads).toBe(2);
    expect(remover.isWorkingOn('a.jpg')).toBe(true);
  });

  it('stops when the remover breaks on a photo, keeping what it finished', async () => {
    const { queue, removal, remover } = await queueWith([a, b, c]);
    remover.finish('a.jpg');
    await settle();
    remover.fail('b.jpg', 'device_too_weak');
    await settle();

    expect(queue.getState().failure).toBe('device_too_weak');
    expect(removal(b)).toEqual({ status: 'waiting' });
    expect(remover.pending).toEqual([]);
    expect(queue.photosForUpload([a, b, c]).map((item) => item.backgroundRemoved ?? false)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("says 'failed' when the remover's code itself does not download", async () => {
    const queue = new BackgroundRemovalQueue(() => Promise.reject(new TypeError('Failed to fetch')), {
      enabled: true,
      colour: '#ffffff',
    });
    queue.resume();
    queue.setPhotos([a]);
    await settle();
    expect(queue.getState().failure).toBe('failed');
  });

  it('uploads a photo it could not repaint as it was, until a retry repaints it', async () => {
    const { queue, remover } = await queueWith([a]);
    remover.finish('a.jpg');
    await settle();
    remover.recolourFailsWith = 'failed';
    queue.setColour('#000000');
    await settle();

    expect(queue.getState().failure).toBe('failed');
    expect(queue.photosForUpload([a])).toEqual([a]);
    remover.recolourFailsWith = undefined;
    queue.retry();
    await settle();
    expect(await uploadedNames(queue, [a])).toEqual(['a.png: a.jpg on #000000']);
  });

  it('ends the remover when the page is left; back, it picks up the photo in progress again', async () => {
    const { queue, remover } = startQueue();
    const dispose = vi.spyOn(remover, 'dispose');
    queue.setPhotos([a]);
    await settle();
    queue.pause();
    await settle();
    expect(remover.pending).toEqual([]);
    expect(dispose).toHaveBeenCalledOnce();
    queue.resume();
    await settle();
    expect(remover.isWorkingOn('a.jpg')).toBe(true);
    expect(module.loads).toBe(2);
  });

  it('loads the remover once switched on, so a browser that cannot run it says so before any photo', async () => {
    module.failLoadsWith = 'unsupported_browser';
    const { queue } = startQueue({ enabled: false });
    queue.setEnabled(true);
    await settle();
    expect(queue.getState().failure).toBe('unsupported_browser');

    // Off and on again is a retry.
    module.failLoadsWith = undefined;
    queue.setEnabled(false);
    queue.setEnabled(true);
    expect(queue.getState().failure).toBeNull();
    await settle();
    expect(queue.getState().failure).toBeNull();
    expect(module.loads).toBe(2);
  });
});

describe('waiting for the background removal before the upload', () => {
  it('reports each photo in turn and resolves once every photo is cleaned on the current colour', async () => {
    const { queue, remover } = await queueWith([a, b, c]);
    remover.finish('a.jpg');
    await settle();

    const steps: BackgroundStep[] = [];
    const done = vi.fn();
    void queue.settled((step) => steps.push(step)).then(done);
    expect(steps.at(-1)).toEqual({ photoId: b.id, number: 2, total: 3, progress: null, share: 0 });

    remover.progress('b.jpg', { stage: 'removing' });
    expect(steps.at(-1)).toMatchObject({ number: 2, progress: { stage: 'removing' } });
    remover.finish('b.jpg');
    await settle();
    expect(steps.at(-1)).toMatchObject({ photoId: c.id, number: 3, share: 0.5 });
    expect(done).not.toHaveBeenCalled();

    remover.finish('c.jpg');
    await settle();
    expect(done).toHaveBeenCalledWith(true);
  });

  it('also waits for a new colour to be painted', async () => {
    const { queue, remover } = await queueWith([a]);
    remover.finish('a.jpg');
    await settle();
    queue.setColour('#000000');

    const settled = await queue.settled(() => {});
    expect(settled).toBe(true);
    expect(await uploadedNames(queue, [a])).toEqual(['a.png: a.jpg on #000000']);
  });

  it('does not hold the upload when the remover fails meanwhile, or when the switch is off', async () => {
    const { queue, remover } = await queueWith([a]);
    const settled = queue.settled(() => {});
    remover.fail('a.jpg', 'session_failed');
    expect(await settled).toBe(true);

    const off = startQueue({ enabled: false });
    off.queue.setPhotos([a]);
    expect(await off.queue.settled(() => {})).toBe(true);
  });

  it('gives up, false, when the page is left', async () => {
    const { queue } = await queueWith([a]);
    const left = new AbortController();
    const settled = queue.settled(() => {}, left.signal);
    left.abort();
    expect(await settled).toBe(false);
  });
});
