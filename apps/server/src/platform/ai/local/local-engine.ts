// The `local` listing engine: offline and CPU-only. It reads the labels (OCR), looks at the item (colours,
// shape), merges what it found with the seller's hints (which always win), and writes the listing from
// per-language templates. Every field keeps the evidence it came from.
import type { GenerationSettings, ListingCondition } from '@snaplist/contract';
import type { EngineListing, ListingEngine, ListingRequest } from '../listing-engine';
import {
  type Fact,
  type ImageFacts,
  type ItemFacts,
  listingFieldsOf,
  type PhotoText,
  type TextFacts,
} from './facts';
import { analyseItemPhotos } from './image/analyse-image';
import type { LabelReader } from './ocr';
import { analyseText, writeListing } from './text';
import { writerInputOf } from './text/writer/writer-input';

/** Words of three or more letters; OCR of fabric texture yields stray letters and symbols, not words. */
const WORD = /\p{L}{3,}/gu;
const LABEL_MIN_WORDS = 3;
const LABEL_MIN_CONFIDENCE = 0.7;

const CONDITION_BY_UPLOAD_CHOICE: Record<GenerationSettings['condition'], ListingCondition | null> = {
  none: null,
  new_with_tags: 'New with tags',
  new_without_tags: 'New without tags',
  used: null,
};

export class LocalListingEngine implements ListingEngine {
  readonly name = 'local';

  constructor(private readonly reader: LabelReader) {}

  async write(request: ListingRequest): Promise<EngineListing> {
    const { settings, language, currency } = request;
    const texts = await this.reader.read(request.photos);
    const textFacts = analyseText(texts, { brand: settings.brand, size: settings.size });
    const imageFacts = await analyseItemPhotos(request.photos, {
      labelPhotos: labelPhotoNumbers(texts, textFacts),
    });
    const facts = mergeFacts(textFacts, imageFacts, settings);
    const written = writeListing(facts, settings, language, currency);

    return {
      title: written.title,
      description: written.description,
      tags: written.tags,
      suggestedPriceRange: written.suggestedPriceRange,
      ...listingFieldsOf(facts),
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
        // 'Used' has no listing grade (decision 007); the page still shows what the seller said.
        ...(facts.preOwned
          ? { condition: [{ source: 'seller_hint' as const, rule: 'condition.used' }] }
          : {}),
      },
      suggestions: facts.suggestions,
      variants: written.variants,
      writerInput: writerInputOf(facts, settings),
      engine: this.name,
      model: null,
      usage: null,
      fallback: null,
    };
  }

  warmUp(): Promise<void> {
    return this.reader.warmUp();
  }

  close(): Promise<void> {
    return this.reader.close();
  }
}

/**
 * A label or tag shot, not a picture of the item: the reader judged it a label, the text analysis read a fact
 * from it, or it holds several real words read with confidence (and the reader did not judge it the item).
 * Such photos say nothing about the item's colour or shape.
 */
export function labelPhotoNumbers(texts: PhotoText[], facts: TextFacts): Set<number> {
  const cited = [facts.brand, facts.size, facts.composition, facts.category, facts.itemType].flatMap(
    (fact) =>
      fact?.evidence.flatMap((evidence) =>
        evidence.source === 'label_text' && evidence.photo ? [evidence.photo] : [],
      ) ?? [],
  );
  const wordy = texts.filter(
    (text) =>
      text.kind === 'label' ||
      (text.kind !== 'item' &&
        text.confidence >= LABEL_MIN_CONFIDENCE &&
        (text.text.match(WORD)?.length ?? 0) >= LABEL_MIN_WORDS),
  );
  return new Set([...cited, ...wordy.map((text) => text.photo)]);
}

/** The label's words beat the item's outline; the seller's own choices beat both (done in analyseText). */
export function mergeFacts(text: TextFacts, image: ImageFacts, settings: GenerationSettings): ItemFacts {
  const condition = CONDITION_BY_UPLOAD_CHOICE[settings.condition];
  return {
    brand: text.brand,
    size: text.size,
    composition: text.composition,
    // Only the label's own words: care is never guessed from the fibre.
    care: text.care,
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
    suggestions: text.suggestions,
  };
}

function evidenceOf(facts: Record<string, Fact<unknown> | null>): EngineListing['evidence'] {
  return Object.fromEntries(
    Object.entries(facts).flatMap(([field, fact]) =>
      fact && fact.evidence.length > 0 ? [[field, fact.evidence]] : [],
    ),
  );
}
