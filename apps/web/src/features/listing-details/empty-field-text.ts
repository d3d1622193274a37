// What an empty field says. Of a generated listing, that the engine did not produce it; of an inventory
// listing, that the seller typed nothing: "Not detected" on a typed listing would claim a detection that never ran.
import type { Listing } from '@snaplist/contract';
import type { TFunction } from 'i18next';

/** 'detected' for facts read from the photos (brand, size...), 'generated' for the written text (title, tags...). */
export type EmptyFieldKind = 'detected' | 'generated';

const GENERATED_KEYS: Record<EmptyFieldKind, string> = {
  detected: 'listing_details.not_found_value',
  generated: 'listing_details.not_generated',
};

export function emptyFieldText(listing: Pick<Listing, 'source'>, kind: EmptyFieldKind, t: TFunction): string {
  return listing.source === 'inventory' ? t('listing_details.not_set_value') : t(GENERATED_KEYS[kind]);
}
