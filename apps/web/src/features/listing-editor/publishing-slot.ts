// What step 2 shows of crosslisting, lent by the route table (decision 035: features do not import each
// other). A component that reads the seller's connections (and the edited listing's copies) and hands the form
// the marketplaces Snaplist can publish this listing to, the call that publishes it once saved, and what to
// show beside each marketplace. Without it step 2 is as it was: copy the text and open the marketplace's form.
import type { FieldIssue, PublishingMarketplace } from '@snaplist/contract';
import type { ComponentType, ReactNode } from 'react';

export interface EditorPublishingTools {
  /** Connected, working, and no copy of this listing live or on its way there. */
  publishable: readonly PublishingMarketplace[];
  /** Queues the saved listing there; rejects with the API's error (422 `listing_incomplete` with details). */
  publish(listingId: string, marketplaces: readonly PublishingMarketplace[]): Promise<unknown>;
  /** The listing's copy there (status, live link, failure) and what a refused publish said it lacks. */
  status(marketplace: PublishingMarketplace, issues: readonly FieldIssue[]): ReactNode;
  /** The way to Settings when the marketplace is set up on this server but not connected (or must be again). */
  connect(marketplace: PublishingMarketplace): ReactNode;
}

export type EditorPublishingSlot = ComponentType<{
  /** The inventory listing being edited; null while creating one. */
  listingId: string | null;
  children: (tools: EditorPublishingTools) => ReactNode;
}>;
