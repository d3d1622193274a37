// @vitest-environment jsdom
import { type BackgroundRemovalSettings, DEFAULT_BACKGROUND_REMOVAL } from '@snaplist/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '@/testing/api-stub';
import { BackgroundRemovalError } from '../remover-types';
import { fetchBackgroundRemovalSettings } from './background-removal-settings';

const served: BackgroundRemovalSettings = {
  ...DEFAULT_BACKGROUND_REMOVAL,
  publicPath: '/background-removal/',
  availableModels: ['isnet_fp16', 'isnet_quint8'],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchBackgroundRemovalSettings', () => {
  it('asks the server once and makes a path on this server absolute', async () => {
    const api = stubApi({ backgroundRemovalSettings: served });
    await expect(fetchBackgroundRemovalSettings()).resolves.toEqual({
      ...served,
      publicPath: `${location.origin}/background-removal/`,
    });
    expect(api.requestsTo('backgroundRemovalSettings')).toHaveLength(1);
  });

  it('keeps an address of another host as it is', async () => {
    stubApi({ backgroundRemovalSettings: { ...served, publicPath: 'https://files.example/bg/' } });
    await expect(fetchBackgroundRemovalSettings()).resolves.toMatchObject({
      publicPath: 'https://files.example/bg/',
    });
  });

  it('refuses settings the contract refuses with settings_invalid', async () => {
    stubApi({
      backgroundRemovalSettings: () =>
        Response.json({ ...served, model: 'isnet', publicPath: '/background-removal' }),
    });
    const error = await fetchBackgroundRemovalSettings().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackgroundRemovalError);
    expect(error).toMatchObject({ code: 'settings_invalid' });
    expect((error as Error).message).toContain('publicPath');
    expect((error as Error).message).toContain('model');
  });

  it('turns a failed call into failed', async () => {
    stubApi({
      backgroundRemovalSettings: () => apiError(503, { message: 'Service unavailable', code: 'not_ready' }),
    });
    await expect(fetchBackgroundRemovalSettings()).rejects.toMatchObject({
      name: 'BackgroundRemovalError',
      code: 'failed',
    });
  });
});
