// Photos for tests and journeys: a small generated JPEG, and the editor's "add photo" upload.
import type { RouteResponse, routes } from '@snaplist/contract';
import sharp from 'sharp';
import type { TestUser } from './factories';

export interface TestPhotoOptions {
  width?: number;
  height?: number;
  /** Any CSS colour; vary it to get photos with different bytes. */
  colour?: string;
}

/** A plain JPEG of one colour, made on the spot. */
export function createTestJpeg(options: TestPhotoOptions = {}): Promise<Buffer> {
  const { width = 320, height = 240, colour = '#3b6ea5' } = options;
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Uploads a photo through POST /api/photos/upload, as the listing editor does; a fresh JPEG by default. */
export type UploadedTestPhoto = RouteResponse<typeof routes.uploadPhoto>;

export async function uploadTestPhoto(
  baseUrl: string,
  user: TestUser,
  bytes?: Buffer,
): Promise<UploadedTestPhoto> {
  const form = new FormData();
  const body = bytes ?? (await createTestJpeg());
  form.append('photo', new Blob([new Uint8Array(body)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${baseUrl}/api/photos/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`uploadTestPhoto: ${response.status} ${await response.text()}`);
  return (await response.json()) as UploadedTestPhoto;
}
