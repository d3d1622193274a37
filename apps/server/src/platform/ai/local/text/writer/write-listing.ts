// The local engine's writer: item facts and the seller's settings in, the listing text out, in the listing's
// language, with the evidence behind each field and a version for each marketplace. Pure: no I/O.
import {
  type Currency,
  cutAtWord,
  type FieldEvidence,
  type GenerationSettings,
  type Language,
  type Marketplace,
  type MarketplaceVariant,
  type PriceRange,
  SHORT_TITLE_LENGTH,
  tidy,
} from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import { careSteps } from './care';
import { saysFit, writeDescription } from './description';
import { suggestPrice } from './price';
import { isRefusal } from './refusal';
import { type Subject, subjectOf } from './subject';
import { writeTags } from './tags';
import { TITLE_EXTRAS, writeTitle } from './title';
import { writeVariants } from './variants';

export interface WrittenListing {
  title: string;
  description: string;
  tags: string[];
  suggestedPriceRange: PriceRange | null;
  evidence: {
    title: FieldEvidence[];
    description: FieldEvidence[];
    tags: FieldEvidence[];
    price: FieldEvidence[];
  };
  variants: Partial<Record<Marketplace, MarketplaceVariant>>;
}

function template(rule: string): FieldEvidence {
  return { source: 'template', rule };
}

/** Drops any sentence that reads like a refusal or an apology (only a seller hint could bring one in). */
function withoutRefusals(text: string): string {
  return tidy(
    text
      .split(/(?<=\.)\s+/)
      .filter((sentence) => !isRefusal(sentence))
      .join(' '),
  );
}

function sellerSettingsEvidence(facts: ItemFacts, subject: Subject): FieldEvidence[] {
  const evidence: FieldEvidence[] = saysFit(subject)
    ? [{ source: 'seller_hint', rule: 'description.fit', text: facts.fit }]
    : [];
  if (facts.openToOffers) evidence.push({ source: 'seller_hint', rule: 'description.open_to_offers' });
  if (facts.shippingDays !== null) {
    evidence.push({
      source: 'seller_hint',
      rule: 'description.shipping_days',
      text: String(facts.shippingDays),
    });
  }
  return evidence;
}

/** No brand, kind of item, material or colour: a title names the item by its main fibre (title.ts). */
function namesNothingButFibre(facts: ItemFacts, subject: Subject): boolean {
  return (
    facts.brand === null &&
    subject.nounKey === null &&
    subject.material === null &&
    subject.colours.length === 0
  );
}

function fittedTitle(facts: ItemFacts, subject: Subject, language: Language, limit: number): string {
  for (let extras = TITLE_EXTRAS; extras >= 0; extras -= 1) {
    const title = writeTitle(facts, subject, language, extras);
    if (title.length <= limit) return title;
  }
  return cutAtWord(writeTitle(facts, subject, language, 0), limit);
}

/** The parts of a listing the seller asked the writer for (the generation settings' switches). */
export type WrittenParts = Pick<GenerationSettings, 'title' | 'description' | 'tags' | 'suggestedPrice'>;

export function writeListing(
  facts: ItemFacts,
  settings: WrittenParts,
  language: Language,
  currency: Currency,
): WrittenListing {
  const subject = subjectOf(facts);
  const brandEvidence = facts.brand?.evidence ?? [];
  const sizeEvidence = facts.size?.evidence ?? [];
  const conditionEvidence: FieldEvidence[] =
    facts.condition?.evidence ?? (facts.preOwned ? [{ source: 'seller_hint', rule: 'condition.used' }] : []);

  // The longest title that fits a limit, dropping whole extras (cut, new with tags) before cutting at a word;
  // never empty while the seller wants one, since the subject alone is always safe to say.
  const titleWithin = (limit: number): string => {
    const written = withoutRefusals(fittedTitle(facts, subject, language, limit));
    return written === '' ? fittedTitle({ ...facts, brand: null }, subject, language, limit) : written;
  };
  // The listing's own title fits every titled marketplace; the versions for each marketplace are variants.ts's.
  const title = settings.title ? titleWithin(SHORT_TITLE_LENGTH) : '';
  const description = settings.description ? withoutRefusals(writeDescription(facts, subject, language)) : '';
  const tags = settings.tags ? writeTags(facts, subject, language).filter((tag) => !isRefusal(tag)) : [];
  const price = settings.suggestedPrice ? suggestPrice(facts, subject.category, currency) : null;

  return {
    title,
    description,
    tags,
    suggestedPriceRange: price?.range ?? null,
    evidence: {
      title: settings.title
        ? [
            ...brandEvidence,
            ...subject.evidence,
            ...sizeEvidence,
            // With nothing else to name the item, its main fibre does.
            ...(namesNothingButFibre(facts, subject) ? (facts.composition?.evidence ?? []) : []),
            // Only "new with tags" and "new without tags" are written into a title.
            ...(facts.condition?.value.startsWith('New') ? conditionEvidence : []),
            template(`title.${language}`),
          ]
        : [],
      description: settings.description
        ? [
            ...brandEvidence,
            ...subject.evidence,
            ...sizeEvidence,
            ...(facts.composition?.evidence ?? []),
            ...(careSteps(facts.care).length > 0 ? (facts.care?.evidence ?? []) : []),
            ...conditionEvidence,
            ...sellerSettingsEvidence(facts, subject),
            template(`description.${language}`),
          ]
        : [],
      tags: settings.tags
        ? [
            ...brandEvidence,
            ...subject.evidence,
            ...sizeEvidence,
            ...conditionEvidence,
            template(`tags.${language}`),
          ]
        : [],
      price: price?.evidence ?? [],
    },
    variants: writeVariants({
      // A seller's brand hint that reads as an apology names nothing (the title above drops it the same way).
      facts: facts.brand !== null && isRefusal(facts.brand.value) ? { ...facts, brand: null } : facts,
      subject,
      language,
      title,
      description,
      tags,
      titleWithin,
      wantsTitle: settings.title,
      wantsTags: settings.tags,
    }),
  };
}
