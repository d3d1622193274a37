import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/api-stub';
import { createGeneratedListing } from '@/testing/factories';
import { DEFAULT_GENERATION_SETTINGS } from '../generation-settings';
import {
  buildCreateGenerationRequest,
  currencyForLanguage,
  generateListing,
  NoMatchingFileError,
  PhotoUploadError,
  uploadPhotos,
} from './generate-listing';

const photo = (id: string, name: string, type = 'image/jpeg') => ({
  id,
  file: new File([new Uint8Array([1, 2, 3])], name, { type }),
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buildCreateGenerationRequest', () => {
  it('sends the spec fields plus the language and its currency', () => {
    const request = buildCreateGenerationRequest(
      [photo('a', 'Front.JPG')],
      DEFAULT_GENERATION_SETTINGS,
      'pl',
    );
    expect(request).toMatchObject({
      creationMode: 'photoUpload',
      isDemo: true,
      product: 'crosslister',
      language: 'pl',
      currency: 'EUR',
      listingData: {
        photos: [{ id: 'a', type: 'image/jpeg', extension: 'jpg', size: 3, position: 0 }],
        generationSettings: DEFAULT_GENERATION_SETTINGS,
      },
    });
    expect(currencyForLanguage('en')).toBe('GBP');
    expect(currencyForLanguage('de')).toBe('EUR');
  });

  it('describes a cleaned photo as it is uploaded and says the background was removed, with the colour', () => {
    const cleaned = { ...photo('b', 'Label.png', 'image/png'), backgroundRemoved: true };
    const settings = {
      ...DEFAULT_GENERATION_SETTINGS,
      removeBackground: true,
      removeBackgroundColor: '#000000',
    };
    const request = buildCreateGenerationRequest([photo('a', 'Front.JPG'), cleaned], settings, 'en');
    expect(request.listingData.photos[1]).toEqual({
      id: 'b',
      type: 'image/png',
      extension: 'png',
      size: 3,
      position: 1,
    });
    expect(request.listingData.generationSettings).toMatchObject({
      removeBackground: true,
      removeBackgroundColor: '#000000',
    });

    const asChosen = buildCreateGenerationRequest([photo('a', 'Front.JPG')], settings, 'en');
    expect(asChosen.listingData.generationSettings.removeBackground).toBe(false);
  });
});

describe('uploadPhotos', () => {
  it('PUTs each photo to its own URL, as given, with its content type', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const a = photo('a', 'a.jpg');
    const b = photo('b', 'b.png', 'image/png');
    const progress: number[] = [];

    await uploadPhotos(
      [
        { id: 'b', url: '/api/storage/b?sig=2' },
        { id: 'a', url: 'https://bucket.example/a?sig=1' },
      ],
      [a, b],
      (done) => progress.push(done),
    );

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledWith('/api/storage/b?sig=2', {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: b.file,
    });
    expect(fetchMock).toHaveBeenCalledWith('https://bucket.example/a?sig=1', {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: a.file,
    });
    expect(progress).toEqual([1, 2]);
  });

  it("throws 'No matching file for ID' before uploading anything", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);

    const error = await uploadPhotos(
      [
        { id: 'a', url: '/u/a' },
        { id: 'ghost', url: '/u/ghost' },
      ],
      [photo('a', 'a.jpg')],
    ).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(NoMatchingFileError);
    expect((error as Error).message).toBe('No matching file for ID');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("throws 'Failed to upload image: {status text}' when a PUT is refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response('{}', { status: 403, statusText: 'Forbidden' })),
    );
    const error = await uploadPhotos([{ id: 'a', url: '/u/a' }], [photo('a', 'a.jpg')]).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PhotoUploadError);
    expect((error as Error).message).toBe('Failed to upload image: Forbidden');
  });
});

describe('generateListing', () => {
  it('creates the generation, uploads every photo, then starts it, in that order', async () => {
    const api = stubApi(
      {
        createGeneration: {
          id: 'gen-1',
          presignedUrls: [
            { id: 'a', url: '/api/storage/a' },
            { id: 'b', url: '/api/storage/b' },
          ],
          expiresAt: '2030-01-01T00:00:00.000Z',
        },
        startGeneration: createGeneratedListing({ listingId: 'listing-9' }),
      },
      {
        elsewhere: (url) =>
          url.startsWith('/api/storage/') ? new Response(null, { status: 204 }) : undefined,
      },
    );
    const onUploaded = vi.fn();

    const listing = await generateListing({
      photos: [photo('a', 'a.jpg'), photo('b', 'b.jpg')],
      settings: DEFAULT_GENERATION_SETTINGS,
      language: 'en',
      onUploaded,
    });

    expect(listing.listingId).toBe('listing-9');
    expect(api.requests.map((request) => request.route)).toEqual([
      'createGeneration',
      null,
      null,
      'startGeneration',
    ]);
    const uploads = api.requests.slice(1, 3).map((request) => `${request.method} ${request.url}`);
    expect(uploads.sort()).toEqual(['PUT /api/storage/a', 'PUT /api/storage/b']);
    expect(api.requestsTo('startGeneration')[0]?.body).toEqual({ id: 'gen-1', type: 'listing' });
    expect(onUploaded).toHaveBeenCalledOnce();
  });
});
