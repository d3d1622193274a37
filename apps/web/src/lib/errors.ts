// Turns any thrown error into text a person can read in their language: known server codes and the
// contract's known messages are translated; anything else shows the server's own message.
import {
  AuthMessages,
  GenerationMessages,
  MAX_PASSWORD_LENGTH,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  MIN_PASSWORD_LENGTH,
  TextMessages,
} from '@snaplist/contract';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

const CODE_KEYS: Record<string, string> = {
  invalid_credentials: 'errors.invalid_credentials',
  email_taken: 'errors.email_taken',
  rate_limited: 'errors.rate_limited',
  link_expired: 'errors.link_expired',
  photo_missing: 'errors.photo_missing',
  photo_unreadable: 'errors.photo_unreadable',
  photo_too_large: 'errors.photo_too_large',
  payload_too_large: 'errors.photo_too_large',
  unsupported_media_type: 'errors.photo_type',
  generation_busy: 'errors.generation_busy',
  generation_failed: 'errors.generation_failed',
  too_many_pending_uploads: 'errors.too_many_pending_uploads',
  pending_uploads_too_large: 'errors.pending_uploads_too_large',
  malformed_multipart: 'errors.upload_broken',
  too_many_parts: 'errors.one_photo_at_a_time',
};

const MESSAGE_KEYS: Record<string, string> = {
  [AuthMessages.invalidEmail]: 'auth.invalid_email',
  [AuthMessages.missingPassword]: 'auth.missing_password',
  [AuthMessages.shortPassword]: 'auth.short_password',
  [AuthMessages.longPassword]: 'auth.long_password',
  [GenerationMessages.noOptionEnabled]: 'photo_upload.no_option_enabled',
  [GenerationMessages.tooManyPhotos]: 'photo_upload.max_images',
  [GenerationMessages.noPhotos]: 'errors.no_photos',
  [GenerationMessages.photoType]: 'errors.photo_type',
  [GenerationMessages.photoTooLarge]: 'errors.photo_too_large',
  [GenerationMessages.hintMarkup]: 'photo_upload.hint_markup',
  [TextMessages.controlCharacters]: 'errors.control_characters',
};

/** The raw message, for rules that look at what the server said (e.g. "contains 'unauthorized'"). */
export function rawErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

export function isUnauthorizedMessage(message: string): boolean {
  return message.toLowerCase().includes('unauthorized');
}

/** The values a translated message needs: password bounds, or the photo limits. */
function messageValues(key: string): Record<string, number> {
  if (key.startsWith('auth.')) return { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH };
  return { max: MAX_PHOTOS, megabytes: MAX_PHOTO_BYTES / 1024 / 1024 };
}

export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const codeKey = error.code ? CODE_KEYS[error.code] : undefined;
    if (codeKey) return t(codeKey, messageValues(codeKey));
    const firstIssue = error.details?.[0]?.message;
    const messageKey = MESSAGE_KEYS[firstIssue ?? error.message];
    if (messageKey) return t(messageKey, messageValues(messageKey));
    if (firstIssue) return firstIssue;
  }
  const message = rawErrorMessage(error);
  return message || t('errors.unknown');
}
