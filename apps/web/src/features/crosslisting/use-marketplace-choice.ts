// Which of the offered marketplaces the seller publishes to: every one is ticked until the seller unticks it,
// so one that becomes usable meanwhile is ticked too.
import type { PublishingMarketplace } from '@snaplist/contract';
import { useState } from 'react';

export function useMarketplaceChoice(offered: readonly PublishingMarketplace[]) {
  const [unticked, setUnticked] = useState<ReadonlySet<PublishingMarketplace>>(new Set());
  const chosen = offered.filter((marketplace) => !unticked.has(marketplace));

  const tick = (marketplace: PublishingMarketplace, ticked: boolean) => {
    const next = new Set(unticked);
    if (ticked) next.delete(marketplace);
    else next.add(marketplace);
    setUnticked(next);
  };
  const tickAll = () => setUnticked(new Set());

  return { chosen, tick, tickAll };
}
