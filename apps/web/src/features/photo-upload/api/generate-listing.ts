// The generation calls (ARCHITECTURE "Listing generation"): create the generation
// and get one signed upload URL per photo, PUT every photo to its URL in parallel, then start the generation,
// which answers with the written listing.
import {
  type CreateGenerationRequest,
  type CreateGenerationResponse,
  type Currency,
  DEFAULT_PRODUCT,
  type GenerationSettings,
  type Language,
  type Listing,
  routes,
} from '@snaplist/contract';
import { callApi } from '@/lib/api-client';
import { settingsForRequest } from '../generation-settings';
import { type PhotoItem, photoContentType, toPhotoDescriptors, type UploadPhoto } from '../photo-selection';

/** A presigned URL named a photo that was not chosen. */
export class NoMatchingFileError extends Error {
  override readonly name = 'NoMatchingFileError';
  constructor(readonly photoId: string) {
    super('No matching file for ID');
  }
}

/** A PUT to a presigned URL was refused. */
export class PhotoUploadError extends Error {
  override readonly name = 'PhotoUploadError';
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(`Failed to upload image: ${statusText}`);
  }
}

/** The listing's price currency follows the seller's language: pounds in English, euros in the others. */
const CURRENCY_OF_LANGUAGE: Record<Language, Currency> = { en: 'GBP', fr: 'EUR', de: 'EUR', pl: 'EUR' };

export function currencyForLanguage(language: Language): Currency {
  return CURRENCY_OF_LANGUAGE[language];
}

export function buildCreateGenerationRequest(
  photos: readonly UploadPhoto[],
  settings: GenerationSettings,
  language: Language,
): CreateGenerationRequest {
  const backgroundRemoved = photos.some((photo) => photo.backgroundRemoved);
  return {
    creationMode: 'photoUpload',
    listingData: {
      photos: toPhotoDescriptors(photos),
      generationSettings: settingsForRequest(settings, backgroundRemoved),
    },
    isDemo: true,
    product: DEFAULT_PRODUCT,
    language,
    currency: currencyForLanguage(language),
  };
}

export function createGeneration(request: CreateGenerationRequest): Promise<CreateGenerationResponse> {
  return callApi(routes.createGeneration, request);
}

/** PUTs one photo's bytes; the URL is signed (and may be relative), so it is fetched exactly as given. */
export async function uploadPhoto(url: string, file: File): Promise<void> {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { 'Content-Type': photoContentType(file) },
    body: file,
  });
  if (!response.ok) throw new PhotoUploadError(response.status, response.statusText);
}

/**
 * Uploads every photo to its presigned URL, all at once. Every URL is matched to a chosen photo before
 * anything is sent, so a mismatch never leaves half the photos uploaded.
 */
export async function uploadPhotos(
  presignedUrls: CreateGenerationResponse['presignedUrls'],
  photos: readonly PhotoItem[],
  onPhotoUploaded?: (done: number, total: number) => void,
): Promise<void> {
  const uploads = presignedUrls.map(({ id, url }) => {
    const photo = photos.find((item) => item.id === id);
    if (!photo) throw new NoMatchingFileError(id);
    return { url, file: photo.file };
  });
  let done = 0;
  await Promise.all(
    uploads.map(async ({ url, file }) => {
      await uploadPhoto(url, file);
      done += 1;
      onPhotoUploaded?.(done, uploads.length);
    }),
  );
}

export function startGeneration(id: string): Promise<Listing> {
  return callApi(routes.startGeneration, { id, type: 'listing' });
}

export interface GenerateListingInput {
  /** As they are to be uploaded: some may have had their background replaced. */
  photos: readonly UploadPhoto[];
  settings: GenerationSettings;
  language: Language;
  onPhotoUploaded?: (done: number, total: number) => void;
  /** Every photo is on the server; the listing is being written. */
  onUploaded?: () => void;
}

/** Create, upload each photo, start; resolves with the written listing. */
export async function generateListing({
  photos,
  settings,
  language,
  onPhotoUploaded,
  onUploaded,
}: GenerateListingInput): Promise<Listing> {
  const generation = await createGeneration(buildCreateGenerationRequest(photos, settings, language));
  await uploadPhotos(generation.presignedUrls, photos, onPhotoUploaded);
  onUploaded?.();
  return startGeneration(generation.id);
}
