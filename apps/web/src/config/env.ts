// The browser's configuration, read once from Vite's import.meta.env and checked, so a bad value fails loudly
// at start-up instead of producing a broken link somewhere deep in the app. The checks are plain code rather
// than zod so that every page can read the configuration without loading zod first (decision 027).

const REPOSITORY_URL = 'https://github.com/snaplist/snaplist';

/** The address zod's z.email() accepts, so a value refused before stays refused. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** An unset variable and an empty one (`VITE_X=`) both mean "use the default". */
function checkOptional(
  name: string,
  value: unknown,
  isValid: (value: string) => boolean,
  expected: string,
): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !isValid(value)) {
    throw new Error(`${name} must be ${expected}, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Whether the URL parser accepts the value once trimmed, as zod's z.url() checks it. */
function isUrl(value: string): boolean {
  return URL.canParse(value.trim());
}

function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

const checkUrl = (name: string, value: unknown) => checkOptional(name, value, isUrl, 'a URL');

// Each variable is read by its full name: Vite replaces exactly these expressions with the build's values.
export const env = {
  guideCrosslisterUrl:
    checkUrl('VITE_GUIDE_CROSSLISTER_URL', import.meta.env.VITE_GUIDE_CROSSLISTER_URL) ??
    `${REPOSITORY_URL}/blob/main/docs/guides/crosslister.md`,
  guideGrowUrl:
    checkUrl('VITE_GUIDE_GROW_URL', import.meta.env.VITE_GUIDE_GROW_URL) ??
    `${REPOSITORY_URL}/blob/main/docs/guides/grow.md`,
  extensionGuideUrl:
    checkUrl('VITE_EXTENSION_GUIDE_URL', import.meta.env.VITE_EXTENSION_GUIDE_URL) ??
    `${REPOSITORY_URL}/blob/main/docs/extension.md`,
  docsUrl: checkUrl('VITE_DOCS_URL', import.meta.env.VITE_DOCS_URL) ?? `${REPOSITORY_URL}/tree/main/docs`,
  /** AGPL-3.0-or-later: whoever uses the app over a network is offered its source. */
  sourceUrl: checkUrl('VITE_SOURCE_URL', import.meta.env.VITE_SOURCE_URL) ?? REPOSITORY_URL,
  supportEmail:
    checkOptional('VITE_SUPPORT_EMAIL', import.meta.env.VITE_SUPPORT_EMAIL, isEmail, 'an email address') ??
    'support@snaplist.app',
} as const;
