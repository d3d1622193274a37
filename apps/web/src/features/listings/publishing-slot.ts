// What the inventory shows of crosslisting, lent by the route table (decision 035: features do not import
// each other): a component that reads the loaded rows and hands back each row's publication badges, the
// selection toolbar's "Publish" and the progress of a run under way. Without it the inventory is as it was.
import type { ListingSummary } from '@snaplist/contract';
import type { ComponentType, ReactNode } from 'react';

export interface InventoryPublishingTools {
  /** The row's copies on the marketplaces Snaplist publishes to, or null when there is nothing to show. */
  badges(listing: ListingSummary): ReactNode;
  /** The selection toolbar's action for the selected listings. */
  publishSelected(selected: readonly ListingSummary[]): ReactNode;
  /** A publishing run under way or finished, whatever is selected. */
  runStatus(): ReactNode;
}

export type InventoryPublishingSlot = ComponentType<{
  listings: readonly ListingSummary[];
  children: (tools: InventoryPublishingTools) => ReactNode;
}>;
