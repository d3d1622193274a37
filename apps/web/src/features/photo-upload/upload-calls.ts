// What the Upload button's flow needs from the server side (decision 009): the generation calls and the
// refusals they can end in. They bring the API client and the contract's schemas (zod), which the page does
// not need to appear, so use-generate-listing loads this module once the seller has chosen a photo rather
// than with the page (decision 027).
import type { TFunction } from 'i18next';
import { errorText } from '@/lib/errors';
import { NoMatchingFileError, PhotoUploadError } from './api/generate-listing';

export { isUnauthorized } from '@/lib/errors';
export { openPaywallFor } from '@/lib/paywall';
export { refreshUser } from '@/lib/refresh-user';
export { generateListing } from './api/generate-listing';

/** The failure in the seller's language: the spec's upload errors and known server codes are translated. */
export function uploadErrorText(error: unknown, t: TFunction): string {
  if (error instanceof NoMatchingFileError) return t('photo_upload.no_matching_file');
  if (error instanceof PhotoUploadError)
    return t('photo_upload.image_upload_failed', { status: error.statusText });
  return errorText(error, t);
}
