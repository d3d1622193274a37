// Which Admin API versions Shopify still serves. Shopify releases a stable version every quarter (January, April,
// July, October) and supports each for twelve months from its release; a request for a version past that is
// answered by the oldest supported one, whose schema may no longer take what the adapter sends. The adapter's
// operations need 2026-01 or later (`changeFromQuantity`, `@idempotent` on inventorySetQuantities).

const SUPPORT_MONTHS = 12;
const RELEASE_MONTHS = new Set([1, 4, 7, 10]);
/** The oldest version whose schema takes every operation in shopify-operations.ts. */
const OLDEST_VERSION_THE_ADAPTER_SPEAKS = '2026-01';

/** The first instant Shopify no longer supports `version` (`YYYY-MM`), or null when it is no stable release. */
export function supportEndsAt(version: string): Date | null {
  const match = /^(\d{4})-(\d{2})$/.exec(version);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (!RELEASE_MONTHS.has(month)) return null;
  return new Date(Date.UTC(year, month - 1 + SUPPORT_MONTHS, 1));
}

/** What an operator should read at start-up about the configured version; null when it is fine. */
export function apiVersionWarning(version: string, now: Date): string | null {
  const endsAt = supportEndsAt(version);
  if (endsAt === null) {
    return `SHOPIFY_API_VERSION ${version} is not a stable Shopify release (they are YYYY-01, -04, -07 and -10).`;
  }
  if (version < OLDEST_VERSION_THE_ADAPTER_SPEAKS) {
    return `SHOPIFY_API_VERSION ${version} is older than ${OLDEST_VERSION_THE_ADAPTER_SPEAKS}, which Snaplist's Shopify calls need: stock updates will be refused. Use a supported version such as the default.`;
  }
  if (now.getTime() >= endsAt.getTime()) {
    return `SHOPIFY_API_VERSION ${version} is out of Shopify's support since ${endsAt.toISOString().slice(0, 10)}: Shopify answers with its oldest supported version instead. Move to a supported version.`;
  }
  return null;
}
