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
  marketplaceVariants,
  type PriceRange,
  tidy,
} from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import { writeDescription } from './description';
import { suggestPrice } from './price';
import { subjectOf } from './subject';
import { writeTags } from './tags';
import { isRefusal } from './tidy';
import { writeTitle } from './title';

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

/** The listing title is for every marketplace; the longest any of them shows in full is eBay's 80. */
const TITLE_MAX = 80;

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

function sellerSettingsEvidence(facts: ItemFacts): FieldEvidence[] {
  const evidence: FieldEvidence[] = [{ source: 'seller_hint', rule: 'description.fit', text: facts.fit }];
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

export function writeListing(
  facts: ItemFacts,
  settings: GenerationSettings,
  language: Language,
  currency: Currency,
): WrittenListing {
  const subject = subjectOf(facts);
  const brandEvidence = facts.brand?.evidence ?? [];
  const sizeEvidence = facts.size?.evidence ?? [];

  const written = withoutRefusals(cutAtWord(writeTitle(facts, subject, language), TITLE_MAX));
  // A title is never empty while the seller wants one; the subject alone is always safe to say.
  const title = settings.title
    ? written === ''
      ? cutAtWord(writeTitle({ ...facts, brand: null }, subject, language), TITLE_MAX)
      : written
    : '';
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
        ? [...brandEvidence, ...subject.evidence, ...sizeEvidence, template(`title.${language}`)]
        : [],
      description: settings.description
        ? [
            ...brandEvidence,
            ...subject.evidence,
            ...sizeEvidence,
            ...(facts.composition?.evidence ?? []),
            ...(facts.condition?.evidence ?? []),
            ...sellerSettingsEvidence(facts),
            template(`description.${language}`),
          ]
        : [],
      tags: settings.tags ? [...brandEvidence, ...subject.evidence, template(`tags.${language}`)] : [],
      price: price?.evidence ?? [],
    },
    variants: marketplaceVariants({ title, description, tags }),
  };
}
