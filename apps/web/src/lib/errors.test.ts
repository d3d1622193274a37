import { ErrorCodes, IssueCodes, LANGUAGES, MAX_TITLE_LENGTH } from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorText, issueText, isUnauthorized } from './errors';
import { i18n, loadAllTranslations } from './i18n';

const CATALOGUES = import.meta.glob<Record<string, string>>('../locales/*.json', {
  eager: true,
  import: 'default',
});
const catalogue = (language: string) => CATALOGUES[`../locales/${language}.json`] ?? {};

beforeAll(async () => {
  await loadAllTranslations();
  await i18n.loadLanguages(['en', 'de']);
});

afterAll(async () => {
  await i18n.changeLanguage('en');
});

const refusal = (status: number, code: string, details?: unknown[]) =>
  new ApiError('An English sentence the web app must not show', status, code, { code, details });

describe('translations by code', () => {
  it.each(LANGUAGES)('%s translates every error code and every issue code', (language) => {
    const keys = Object.keys(catalogue(language));
    const wanted = [
      ...ErrorCodes.map((code) => `errors.${code}`),
      ...IssueCodes.map((code) => `issues.${code}`),
    ];
    expect(wanted.filter((key) => !keys.includes(key))).toEqual([]);
  });
});

describe('issueText', () => {
  it("names the contract's limit in the seller's language", async () => {
    await i18n.changeLanguage('de');
    const t = i18n.t.bind(i18n);
    expect(issueText({ code: 'title_too_long' }, t)).toBe(
      `Der Titel darf höchstens ${MAX_TITLE_LENGTH} Zeichen lang sein.`,
    );
  });

  it('lets the issue’s own params fill its sentence', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(issueText({ code: 'too_many_photos', params: { max: 3 } }, t)).toBe('Maximum 3 photos allowed');
  });

  it('reads a code it does not know as a generic "not valid"', async () => {
    await i18n.changeLanguage('de');
    const t = i18n.t.bind(i18n);
    expect(issueText({ code: 'Keep the title short.' }, t)).toBe('Dieser Wert ist ungültig.');
  });
});

describe('errorText', () => {
  it("puts the server's refusals in the seller's language, whatever its English said", async () => {
    await i18n.changeLanguage('de');
    const t = i18n.t.bind(i18n);
    expect(errorText(refusal(429, 'too_many_pending_uploads'), t)).toMatch(
      /^Mehrere Inserate warten noch auf ihre Fotos/,
    );
    expect(errorText(refusal(413, 'pending_uploads_too_large'), t)).toMatch(/insgesamt zu groß/);
    expect(errorText(refusal(400, 'malformed_multipart'), t)).toBe(
      'Das Foto ist nicht vollständig angekommen. Bitte versuche es erneut.',
    );
    expect(errorText(refusal(413, 'payload_too_large'), t)).toBe(
      'Jedes Foto darf höchstens 20 MB groß sein.',
    );
  });

  it('explains a refused request by its first field issue', async () => {
    await i18n.changeLanguage('de');
    const t = i18n.t.bind(i18n);
    const refused = (code: string) =>
      refusal(400, 'validation_failed', [{ field: 'brand', code, message: 'English' }]);
    expect(errorText(refused('control_characters'), t)).toBe('Der Text darf keine Steuerzeichen enthalten.');
    expect(errorText(refused('hint_markup'), t)).toMatch(/^Lass < und > bei Marke und Größe weg/);
    expect(errorText(refusal(400, 'validation_failed'), t)).toMatch(/^Einige Angaben sind ungültig/);
  });

  it('shows the words of an answer without a code of ours, and never an empty text', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(errorText(new ApiError('Bad Gateway', 502, undefined, 'Bad Gateway'), t)).toBe('Bad Gateway');
    expect(errorText(new Error(''), t)).toBe('Something went wrong. Please try again.');
  });
});

describe('isUnauthorized', () => {
  it('goes by status and code, not by the words', () => {
    expect(isUnauthorized(new ApiError('Session over', 401, 'unauthorized', {}))).toBe(true);
    expect(isUnauthorized(new ApiError('No', 403, 'unauthorized', {}))).toBe(true);
    expect(isUnauthorized(new ApiError('Unauthorized', 400, 'bad_request', {}))).toBe(false);
    expect(isUnauthorized(new Error('Unauthorized'))).toBe(false);
  });
});
