// The `local` listing engine: offline and CPU-only. It reads the labels (OCR), looks at the item (colours,
// shape), merges what it found with the seller's hints (which always win), and writes the listing from
// per-language templates. Every field keeps the evidence it came from.
import type { GenerationSettings, ListingCondition } from '@snaplist/contract';
import type { ListingDraft, ListingEngine, ListingRequest } from '../listing-engine';
import type { Fact, ImageFacts, ItemFacts, PhotoText, TextFacts } from './facts';
import { analyseItemPhotos } from './image/analyse-image';
import type { LabelReader } from './ocr';
import { analyseText, writeListing } from './text';

/** A photo whose text is at least this long is a label or tag shot, not a picture of the item. */
const LABEL_TEXT_MIN_CHARS = 12;

const CONDITION_BY_UPLOAD_CHOICE: Record<GenerationSettings['condition'], ListingCondition | null> = {
  none: null,
  new_with_tags: 'New with tags',
  new_without_tags: 'New without tags',
  used: null,
};

export class LocalListingEngine implements ListingEngine {
  readonly name = 'local';

  constructor(private readonly reader: LabelReader) {}

  async write(request: ListingRequest): Promise<ListingDraft> {
    const { settings, language, currency } = request;
    const texts = await this.reader.read(request.photos);
    const textFacts = analyseText(texts, { brand: settings.brand, size: settings.size });
    const imageFacts = await analyseItemPhotos(request.photos, { labelPhotos: labelPhotoNumbers(texts) });
    const facts = mergeFacts(textFacts, imageFacts, settings);
    const written = writeListing(facts, settings, language, currency);

    return {
      title: written.title,
      description: written.description,
      tags: written.tags,
      suggestedPriceRange: written.suggestedPriceRange,
      brand: facts.brand?.value ?? null,
      size: facts.size?.value ?? null,
      colours: facts.colours.value,
      category: facts.category?.value ?? null,
      condition: facts.condition?.value ?? null,
      composition: facts.composition?.value ?? [],
      evidence: {
        ...written.evidence,
        ...evidenceOf({
          brand: facts.brand,
          size: facts.size,
          colours: facts.colours,
          category: facts.category,
          condition: facts.condition,
          composition: facts.composition,
        }),
      },
      variants: written.variants,
      engine: this.name,
    };
  }

  close(): Promise<void> {
    return this.reader.close();
  }
}

function labelPhotoNumbers(texts: PhotoText[]): Set<number> {
  return new Set(
    texts
      .filter((text) => text.text.replace(/\s+/g, '').length >= LABEL_TEXT_MIN_CHARS)
      .map((text) => text.photo),
  );
}

/** The label's words beat the item's outline; the seller's own choices beat both (done in analyseText). */
export function mergeFacts(text: TextFacts, image: ImageFacts, settings: GenerationSettings): ItemFacts {
  const condition = CONDITION_BY_UPLOAD_CHOICE[settings.condition];
  return {
    brand: text.brand,
    size: text.size,
    composition: text.composition,
    colours: image.colours,
    category: text.category ?? image.category,
    itemType: text.itemType ?? image.itemType,
    condition: condition
      ? { value: condition, evidence: [{ source: 'seller_hint', rule: `condition.${settings.condition}` }] }
      : null,
    preOwned: settings.condition === 'used',
    fit: settings.descriptionHowItFits,
    openToOffers: settings.descriptionTakingOffers,
    shippingDays: settings.descriptionShippingDays === '' ? null : settings.descriptionShippingDays,
  };
}

function evidenceOf(facts: Record<string, Fact<unknown> | null>): ListingDraft['evidence'] {
  return Object.fromEntries(
    Object.entries(facts).flatMap(([field, fact]) =>
      fact && fact.evidence.length > 0 ? [[field, fact.evidence]] : [],
    ),
  );
}
