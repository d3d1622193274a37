// The six marketplace versions of a listing, differing where the marketplaces differ: eBay's 80-character
// title in the order its search reads (brand, item, then size, colour, material), Etsy's 140-character title
// and thirteen tags of at most 20 characters, a short casual lead line for Depop (no title field: the lead
// opens the text, at most five hashtags close it) and Vinted (no hashtags), Poshmark's 80-character title and
// Shopify's full title and description. Each marketplace's limits and its shaping of the text are the
// contract's (marketplaceVariants); which words go into each version is decided here, from the facts.
import {
  cutAtWord,
  ETSY_MAX_TAGS,
  etsyVariantTags,
  type Language,
  MAX_TITLE_LENGTH,
  type Marketplace,
  type MarketplaceVariant,
  marketplaceVariants,
  TITLE_LIMITS,
  tidy,
} from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import { capitaliseFirst } from './grammar';
import { isNamed } from './language-pack';
import { fibreName, LANGUAGE_PACKS } from './languages';
import { isRefusal } from './refusal';
import { titleSize } from './size-words';
import { itemWords, type Subject } from './subject';
import { writeTags } from './tags';

/** A fibre this much of the item is a search word for it ("polyester"), as in the tags. */
const MAIN_FIBRE_MIN_PERCENT = 50;

/** What the six versions are made from: the listing's own text and how to fit its title to a limit. */
export interface VariantSources {
  facts: ItemFacts;
  subject: Subject;
  language: Language;
  title: string;
  description: string;
  tags: string[];
  /** The listing title with as many of its extras as fit `limit`. */
  titleWithin: (limit: number) => string;
  /** Whether the seller asked for a title and for tags: versions leave out what the listing leaves out. */
  wantsTitle: boolean;
  wantsTags: boolean;
}

export function writeVariants(sources: VariantSources): Record<Marketplace, MarketplaceVariant> {
  const { facts, subject, language, title, description, tags, titleWithin, wantsTitle } = sources;
  const titled = marketplaceVariants({ title, description, tags });
  const lead = wantsTitle ? leadLine(facts, subject, language, title) : '';
  const led = marketplaceVariants({ title: lead, description, tags });
  const etsyTags = sources.wantsTags
    ? etsyVariantTags(writeTags(facts, subject, language, ETSY_MAX_TAGS).filter((tag) => !isRefusal(tag)))
    : [];
  const within = (limit: number) => (wantsTitle ? titleWithin(Math.min(limit, MAX_TITLE_LENGTH)) : '');
  return {
    ebay: {
      ...titled.ebay,
      title: wantsTitle ? searchOrderTitle(facts, subject, language, title) : '',
    },
    poshmark: titled.poshmark,
    etsy: { ...titled.etsy, title: within(TITLE_LIMITS.etsy), tags: etsyTags },
    shopify: { ...titled.shopify, title: within(TITLE_LIMITS.shopify) },
    vinted: led.vinted,
    depop: led.depop,
  };
}

/** The material a buyer searches with: the one the title names, else the fibre that is most of the item. */
function searchMaterial(facts: ItemFacts, subject: Subject): string | null {
  if (subject.material !== null) return subject.material;
  const main = facts.composition?.value[0];
  return main !== undefined && main.percent >= MAIN_FIBRE_MIN_PERCENT ? main.fibre : null;
}

/**
 * eBay's title in the order its search and its buyers read: brand, the item, then the specifics buyers filter
 * on (size, colour, material), plain words without agreement ("Zara Coat Size M Black Wool",
 * "Zara Mantel Gr. M Schwarz Wolle"), the new condition last when it fits. Without a brand, item, colour or
 * material it is the listing's own title, which already says what little is known.
 */
function searchOrderTitle(facts: ItemFacts, subject: Subject, language: Language, title: string): string {
  const pack = LANGUAGE_PACKS[language];
  const words = itemWords(subject, facts, language);
  const brand = facts.brand?.value ?? '';
  const material = searchMaterial(facts, subject);
  if (brand === '' && words.noun === null && words.colour === null && material === null) return title;
  const specifics = pack.title.searchWords(
    tidy(
      [
        words.noun?.word ?? '',
        facts.size === null ? '' : titleSize(facts.size.value, language),
        words.colour === null ? '' : pack.colours.name(words.colour),
        material === null ? '' : fibreName(material, language),
      ].join(' '),
    ),
  );
  const condition = facts.condition?.value;
  const isNew = condition === 'New with tags' || condition === 'New without tags';
  const extra = isNew ? pack.title.searchWords(pack.title.newCondition(condition, words.noun)) : '';
  const written = brand === '' ? capitaliseFirst(specifics) : tidy(`${brand} ${specifics}`);
  const withExtra = tidy(`${written} ${extra}`);
  if (withExtra.length <= TITLE_LIMITS.ebay) return withExtra;
  return cutAtWord(written, TITLE_LIMITS.ebay);
}

/**
 * The casual line Depop and Vinted lead with: the item as a person says it, then the size ("Black wool coat
 * by Zara, size M"). Without a kind of item it is the listing's title, which already says what is known.
 */
function leadLine(facts: ItemFacts, subject: Subject, language: Language, title: string): string {
  const pack = LANGUAGE_PACKS[language];
  const words = itemWords(subject, facts, language);
  if (!isNamed(words)) return title;
  const opening = pack.description.what(
    capitaliseFirst(pack.description.item(words)),
    facts.brand?.value ?? null,
  );
  const size = facts.size === null ? null : titleSize(facts.size.value, language);
  return tidy(pack.lead(opening.replace(/\.$/, ''), size));
}
