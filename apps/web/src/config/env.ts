// The browser's configuration, read once from Vite's import.meta.env and checked with zod, so a bad value
// fails loudly at start-up instead of producing a broken link somewhere deep in the app.
import { z } from 'zod';

const REPOSITORY_URL = 'https://github.com/snaplist/snaplist';

/** An unset variable and an empty one (`VITE_X=`) both mean "use the default". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const EnvSchema = z.object({
  VITE_GUIDE_CROSSLISTER_URL: optional(z.url()),
  VITE_GUIDE_GROW_URL: optional(z.url()),
  VITE_DOCS_URL: optional(z.url()),
  VITE_SOURCE_URL: optional(z.url()),
  VITE_SUPPORT_EMAIL: optional(z.email()),
});

const parsed = EnvSchema.parse(import.meta.env);

export const env = {
  guideCrosslisterUrl:
    parsed.VITE_GUIDE_CROSSLISTER_URL ?? `${REPOSITORY_URL}/blob/main/docs/guides/crosslister.md`,
  guideGrowUrl: parsed.VITE_GUIDE_GROW_URL ?? `${REPOSITORY_URL}/blob/main/docs/guides/grow.md`,
  docsUrl: parsed.VITE_DOCS_URL ?? `${REPOSITORY_URL}/tree/main/docs`,
  /** AGPL-3.0-or-later: whoever uses the app over a network is offered its source. */
  sourceUrl: parsed.VITE_SOURCE_URL ?? REPOSITORY_URL,
  supportEmail: parsed.VITE_SUPPORT_EMAIL ?? 'support@snaplist.app',
} as const;
