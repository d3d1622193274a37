// The local engine's writer: item facts and the seller's settings in, the listing text out, in the listing's
// language, with the evidence behind each field and a version for each marketplace. Pure: no I/O.
import {
  type Currency,
  cutAtWord,
  type FieldEvidence,
  type GenerationSettings,
  type Language,
  MAX_TITLE_LENGTH,
  type Marketplace,
  type MarketplaceVariant,
  marketplaceVariants,
  type PriceRange,
  SHORT_TITLE_LENGTH,
  TITLE_LIMITS,
  tidy,
} from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import { saysFit, writeDescription } from './description';
import { suggestPrice } from './price';
import { isRefusal } from './refusal';
import { type Subject, subjectOf } from './subject';
import { writeTags } from './tags';
import { TITLE_EXTRAS, writeTitle } from './title';

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

function fittedTitle(facts: ItemFacts, subject: Subject, language: Language, limit: number): string {
  for (let extras = TITLE_EXTRAS; extras >= 0; extras -= 1) {
    const title = writeTitle(facts, subject, language, extras);
    if (title.length <= limit) return title;
  }
  return cutAtWord(writeTitle(facts, subject, language, 0), limit);
}

/** Marketplaces with room for more than the listing's 80 characters get the extras that fit them. */
function withLongerTitles(
  variants: Record<Marketplace, MarketplaceVariant>,
  titleWithin: (limit: number) => string,
): Record<Marketplace, MarketplaceVariant> {
  const longer = { ...variants };
  for (const [marketplace, limit] of Object.entries(TITLE_LIMITS) as [keyof typeof TITLE_LIMITS, number][]) {
    if (limit > SHORT_TITLE_LENGTH) {
      longer[marketplace] = {
        ...variants[marketplace],
        title: titleWithin(Math.min(limit, MAX_TITLE_LENGTH)),
      };
    }
  }
  return longer;
}

export function writeListing(
  facts: ItemFacts,
  settings: GenerationSettings,
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
  // The listing's own title fits every titled marketplace; Vinted, Etsy and Shopify variants get the longer
  // title their limits allow (up to the contract's 140).
  const title = settings.title ? titleWithin(SHORT_TITLE_LENGTH) : '';
  const description = settings.description ? withoutRefusals(writeDescription(facts, subject, language)) : '';
  const tags = settings.tags ? writeTags(facts, subject, language).filter((tag) => !isRefusal(tag)) : [];
  const price = settings.suggestedPrice ? suggestPrice(facts, subject.category, currency) : null;
  const variants = marketplaceVariants({ title, description, tags });

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
    variants: settings.title ? withLongerTitles(variants, titleWithin) : variants,
  };
}
