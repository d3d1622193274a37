import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadPhotos } from './download-photos';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('downloadPhotos', () => {
  it('fetches every photo as a blob and saves real files named after the listing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) =>
        String(input).endsWith('.png')
          ? new Response(new Blob(['png'], { type: 'image/png' }))
          : new Response(new Blob(['jpg'], { type: 'image/jpeg' })),
      ),
    );
    const save = vi.fn();

    const names = await downloadPhotos([{ url: '/p/1.jpg' }, { url: '/p/2.png' }], 'Denim Jacket', save);

    expect(names).toEqual(['denim-jacket-1.jpg', 'denim-jacket-2.png']);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]?.[0]).toBeInstanceOf(Blob);
  });

  it('saves nothing when one photo cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) =>
        String(input).includes('2')
          ? new Response('', { status: 403, statusText: 'Forbidden' })
          : new Response('x'),
      ),
    );
    const save = vi.fn();
    await expect(downloadPhotos([{ url: '/p/1' }, { url: '/p/2' }], 'x', save)).rejects.toThrow('Forbidden');
    expect(save).not.toHaveBeenCalled();
  });
});
