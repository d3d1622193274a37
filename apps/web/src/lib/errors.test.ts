import { GenerationMessages, TextMessages } from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorText } from './errors';
import { i18n, i18nReady } from './i18n';

beforeAll(async () => {
  await i18nReady;
  await i18n.loadLanguages(['en', 'de']);
});

afterAll(async () => {
  await i18n.changeLanguage('en');
});

const refusal = (message: string, status: number, code: string, issue?: string) =>
  new ApiError(message, status, code, {
    message,
    code,
    ...(issue === undefined ? {} : { details: [{ path: 'brand', message: issue }] }),
  });

describe('errorText', () => {
  it("puts the server's refusals of pending uploads, broken uploads and bad text in the seller's language", async () => {
    await i18n.changeLanguage('de');
    const t = i18n.t.bind(i18n);
    expect(errorText(refusal('You already have 5 listings...', 429, 'too_many_pending_uploads'), t)).toMatch(
      /^Mehrere Inserate warten noch auf ihre Fotos/,
    );
    expect(errorText(refusal('Too large', 413, 'pending_uploads_too_large'), t)).toMatch(/insgesamt zu groß/);
    expect(errorText(refusal('Broken', 400, 'malformed_multipart'), t)).toBe(
      'Das Foto ist nicht vollständig angekommen. Bitte versuche es erneut.',
    );
    expect(errorText(refusal('Invalid', 400, 'validation_failed', TextMessages.controlCharacters), t)).toBe(
      'Der Text darf keine Steuerzeichen enthalten.',
    );
    expect(errorText(refusal('Invalid', 400, 'validation_failed', GenerationMessages.hintMarkup), t)).toMatch(
      /^Lass < und > bei Marke und Größe weg/,
    );
  });
});
