// When Snaplist can publish a listing to a marketplace: the seller's account there works, and no copy of the
// listing is there or on its way (or sold there). The bulk dialog and the editor's step 2 ask the same.
import type { MarketplaceConnection, Publication } from '@snaplist/contract';

/** Connected and working: Snaplist can publish there now. */
export function isUsable(connection: MarketplaceConnection): boolean {
  return connection.available && connection.connected && !connection.needsReconnect;
}

const REPUBLISHABLE: ReadonlySet<Publication['status']> = new Set(['failed', 'ended']);

/** No copy there, or only one that failed or was ended: publishing again makes no second listing. */
export function canPublishAgain(copy: Publication | undefined): boolean {
  return !copy || REPUBLISHABLE.has(copy.status);
}
