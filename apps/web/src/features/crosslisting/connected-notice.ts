// The callback page sends the seller to Settings with the marketplace just connected in the navigation state,
// and Settings says so beside that marketplace. Not a toast: the app mounts its toaster at the seller's first
// click or key press (decision 027), and a seller coming back from the marketplace's consent page has made
// none on this page yet, so a toast would expire unseen.
import { isPublishingMarketplace, type PublishingMarketplace } from '@snaplist/contract';

export interface ConnectedState {
  connectedMarketplace: PublishingMarketplace;
}

export function connectedState(marketplace: PublishingMarketplace): ConnectedState {
  return { connectedMarketplace: marketplace };
}

/** The marketplace a navigation's state says was just connected, if any. */
export function justConnected(state: unknown): PublishingMarketplace | null {
  if (typeof state !== 'object' || state === null || !('connectedMarketplace' in state)) return null;
  const { connectedMarketplace } = state;
  return typeof connectedMarketplace === 'string' && isPublishingMarketplace(connectedMarketplace)
    ? connectedMarketplace
    : null;
}
