// Drives the photo-to-listing calls the way the browser does: create the generation, PUT each photo to its
// signed URL, then start it.
import { type CreateGenerationRequest, type GenerationSettingsInput, routes } from '@snaplist/contract';
import { expectOk, type TestClient, type TestResponse } from './http-client';

export interface UploadPhoto {
  bytes: Buffer;
  type?: 'image/jpeg' | 'image/png' | 'image/webp';
}

export function describePhotos(photos: UploadPhoto[]) {
  return photos.map((photo, position) => {
    const type = photo.type ?? 'image/jpeg';
    return {
      id: `photo-${position + 1}`,
      type,
      extension: type.split('/')[1] as string,
      size: photo.bytes.length,
      position,
    };
  });
}

export interface GenerationOverrides {
  generationSettings?: GenerationSettingsInput;
  language?: CreateGenerationRequest['language'];
  currency?: CreateGenerationRequest['currency'];
}

export async function createGeneration(
  server: TestClient,
  token: string,
  photos: UploadPhoto[],
  overrides: GenerationOverrides = {},
) {
  return server.call(routes.createGeneration, {
    token,
    body: {
      user: {},
      creationMode: 'photoUpload',
      isDemo: true,
      product: 'crosslister',
      language: overrides.language ?? 'en',
      currency: overrides.currency ?? 'GBP',
      listingData: { photos: describePhotos(photos), generationSettings: overrides.generationSettings ?? {} },
    },
  });
}

/** PUTs a photo to its signed URL: this server's (local storage, a path) or an object store's (absolute). */
export async function putPhoto(server: TestClient, url: string, photo: UploadPhoto): Promise<TestResponse> {
  const headers = { 'content-type': photo.type ?? 'image/jpeg' };
  if (!/^https?:\/\//.test(url)) return server.request('PUT', url, { body: photo.bytes, headers });
  const response = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(photo.bytes) });
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  // An object store answers in XML: tests read `status` and `text`.
  return { status: response.status, headers: response.headers, body: text, text, bytes };
}

/** Creates, uploads and starts a generation; returns the final response. */
export async function generateListing(
  server: TestClient,
  token: string,
  photos: UploadPhoto[],
  overrides: GenerationOverrides = {},
) {
  const created = expectOk(await createGeneration(server, token, photos, overrides));
  for (const [index, presigned] of created.presignedUrls.entries()) {
    const put = await putPhoto(server, presigned.url, photos[index] as UploadPhoto);
    if (put.status !== 200) throw new Error(`upload photo ${index + 1}: ${put.status} ${put.text}`);
  }
  return startGeneration(server, token, created.id);
}

/** POST /api/listing/generate for a generation whose photos were uploaded (or not, when that is the test). */
export function startGeneration(server: TestClient, token: string, generationId: string) {
  return server.call(routes.startGeneration, { token, body: { id: generationId, type: 'listing' } });
}
