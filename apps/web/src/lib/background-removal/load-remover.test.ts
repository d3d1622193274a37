// @vitest-environment jsdom
import { type BackgroundRemovalSettings, DEFAULT_BACKGROUND_REMOVAL } from '@snaplist/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '@/testing/api-stub';
import { stubWorkerGlobals } from './fake-worker';

const served: BackgroundRemovalSettings = {
  ...DEFAULT_BACKGROUND_REMOVAL,
  publicPath: '/background-removal/',
  availableModels: ['isnet_fp16'],
};
const photo = new File([new Uint8Array([1])], 'shirt.jpg', { type: 'image/jpeg' });

// The loader keeps its remover for the visit: each test gets the module afresh.
async function loadModule() {
  return import('./load-remover');
}

beforeEach(() => {
  vi.resetModules();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadBackgroundRemover', () => {
  it('loads once per visit, with the settings made absolute', async () => {
    const workers = stubWorkerGlobals();
    const api = stubApi({ backgroundRemovalSettings: served });
    const { loadBackgroundRemover } = await loadModule();

    const [first, second] = await Promise.all([loadBackgroundRemover(), loadBackgroundRemover()]);
    expect(second).toBe(first);
    expect(await loadBackgroundRemover()).toBe(first);
    expect(api.requestsTo('backgroundRemovalSettings')).toHaveLength(1);

    void first.remove(photo, { colour: '#ffffff' });
    expect(workers[0]?.posted[0]).toMatchObject({
      settings: { model: 'isnet_fp16', publicPath: `${location.origin}/background-removal/` },
    });
  });

  it('forgets a failed load, so the next call tries again', async () => {
    stubWorkerGlobals();
    let answers = 0;
    const api = stubApi({
      backgroundRemovalSettings: () =>
        ++answers === 1 ? apiError(503, { message: 'Not ready', code: 'not_ready' }) : served,
    });
    const { isBackgroundRemovalError, loadBackgroundRemover } = await loadModule();

    const error = await loadBackgroundRemover().catch((caught: unknown) => caught);
    expect(isBackgroundRemovalError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'failed' });

    await expect(loadBackgroundRemover()).resolves.toHaveProperty('remove');
    expect(api.requestsTo('backgroundRemovalSettings')).toHaveLength(2);
  });

  it('makes a new remover after the shared one is disposed', async () => {
    const workers = stubWorkerGlobals();
    stubApi({ backgroundRemovalSettings: served });
    const { loadBackgroundRemover } = await loadModule();
    const first = await loadBackgroundRemover();
    void first.remove(photo, { colour: '#ffffff' }).catch(() => undefined);
    first.dispose();
    expect(workers[0]?.terminated).toBe(true);

    const next = await loadBackgroundRemover();
    expect(next).not.toBe(first);
    void next.remove(photo, { colour: '#ffffff' });
    expect(workers).toHaveLength(2);
  });

  it('refuses a browser without Web Workers before asking the server', async () => {
    const api = stubApi({ backgroundRemovalSettings: served });
    const { isBackgroundRemovalError, loadBackgroundRemover } = await loadModule();

    const error = await loadBackgroundRemover().catch((caught: unknown) => caught);
    expect(isBackgroundRemovalError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'unsupported_browser' });
    expect(api.requests).toHaveLength(0);
  });

  it('tells its own errors from others', async () => {
    const { isBackgroundRemovalError } = await loadModule();
    const { BackgroundRemovalError } = await import('./remover-types');
    expect(isBackgroundRemovalError(new BackgroundRemovalError('failed', 'x'))).toBe(true);
    expect(isBackgroundRemovalError(new DOMException('Aborted', 'AbortError'))).toBe(false);
  });
});
