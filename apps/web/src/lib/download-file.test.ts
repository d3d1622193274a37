// @vitest-environment jsdom
import { AUTH_TOKEN_STORAGE_KEY, routes } from '@snaplist/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { downloadFile, fileNameFromDisposition } from './download-file';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 filename* over the plain one', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="inventaire.csv"; filename*=UTF-8''inventaire%20%C3%A9t%C3%A9.csv`,
      ),
    ).toBe('inventaire été.csv');
  });

  it('reads a quoted or bare filename', () => {
    expect(fileNameFromDisposition('attachment; filename="my \\"best\\" items.csv"')).toBe(
      'my _best_ items.csv',
    );
    expect(fileNameFromDisposition('attachment; filename=inventory.csv')).toBe('inventory.csv');
  });

  it('keeps no folders in the name and gives null without one', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.csv"`)).toBe(
      'plain.csv',
    );
  });
});

describe('downloadFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the bearer token and saves under the server’s name, else the fallback', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'secret');
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response('a,b\r\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="items.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const save = vi.fn();

    const name = await downloadFile(routes.exportListings, {
      query: { type: 'inventory' },
      fallbackName: 'fallback.csv',
      save,
    });

    expect(name).toBe('items.csv');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/crosslister/listings/export?type=inventory');
    expect(init?.headers).toEqual({ Authorization: 'Bearer secret', Accept: 'text/csv' });
    const [blob, savedAs] = save.mock.calls[0] as [Blob, string];
    expect(await blob.text()).toBe('a,b\r\n');
    expect(savedAs).toBe('items.csv');

    fetchMock.mockResolvedValueOnce(new Response('x'));
    await expect(downloadFile(routes.exportListings, { fallbackName: 'fallback.csv', save })).resolves.toBe(
      'fallback.csv',
    );
  });

  it('turns a refused request into the same ApiError callApi throws', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        Response.json({ message: 'Export failed', code: 'internal_error' }, { status: 500 }),
      ),
    );
    const save = vi.fn();
    const failure = downloadFile(routes.exportListings, { fallbackName: 'x.csv', save });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      message: 'Export failed',
      status: 500,
      code: 'internal_error',
    });
    expect(save).not.toHaveBeenCalled();
  });
});
