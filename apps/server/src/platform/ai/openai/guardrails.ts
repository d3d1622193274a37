// Checks a vision model's valid reply before anyone sees it, and turns it into a listing: the seller's hints
// win, a brand or size that no evidence supports is dropped (and scrubbed from the text, so it is never
// invented), hype and keyword stuffing are cut out or the offline text stands in (claims.ts), the
// marketplace limits hold, switched-off fields stay empty, an unlikely price gives way to the
// local engine's, and every field says where it came from. Pure: no I/O.
import {
  type Colour,
  type Currency,
  cutAtWord,
  type Evidence,
  type FieldEvidence,
  type GenerationSettings,
  type Language,
  type ListingCondition,
  MAX_BRAND_LENGTH,
  MAX_COLOURS,
  MAX_DESCRIPTION_LENGTH,
  MAX_PRICE_MINOR,
  MAX_SIZE_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
  marketplaceVariants,
  type PriceRange,
  tidy,
} from '@snaplist/contract';
import type { EngineListing } from '../listing-engine';
import { isRefusal } from '../local/text/writer/refusal';
import {
  type ClaimContext,
  claimsIn,
  contentWordCount,
  isStuffedDescription,
  isStuffedTag,
  titleStuffing,
  withoutClaims,
  withoutFillers,
} from './claims';
import { mentions, removeMentions, sameValue } from './mentions';
import type { ModelListing, ModelReading } from './reply-schema';

/** A price range wider than this (max over min) is a guess, not a price. */
const MAX_PRICE_SPREAD = 4;
/** How far the model's range may sit from the local engine's table range, either way. */
const MAX_PRICE_DEVIATION = 5;
/** Evidence text is for a person to read; a model's "reading" beyond this is not a label. */
const MAX_READING_LENGTH = 200;
/** A title with this many unsupported claims was hype first: cutting them out leaves no trustworthy title. */
const MAX_TITLE_CLAIMS = 2;
/** A title cut for hype or fillers needs this many content words left to still say what the item is. */
const MIN_TITLE_WORDS = 2;

export interface GuardrailInput {
  reply: ModelListing;
  settings: GenerationSettings;
  language: Language;
  currency: Currency;
  /** The local engine's listing for the same photos: the evidence, and every field's fallback. */
  local: EngineListing;
  /** Photo numbers the model was shown: a reading on any other photo is not evidence. */
  sentPhotos: ReadonlySet<number>;
}

export type GuardedListing = Omit<EngineListing, 'engine' | 'model' | 'usage' | 'fallback' | 'writerInput'>;

/** A refusal or an apology is never a listing: the whole reply is set aside. */
export function isRefusalReply(reply: ModelListing): boolean {
  return isRefusal(reply.title) || isRefusal(reply.description);
}

export function applyGuardrails(input: GuardrailInput): GuardedListing {
  const { reply, settings, local } = input;
  const brand = chooseIdentity('brand', input);
  const size = chooseIdentity('size', input);
  const identities = [brand, size];

  const claims = claimContext(input);
  const tags = settings.tags ? guardTags(reply.tags, identities, claims) : [];
  const title = settings.title ? guardTitle(reply.title, brand, size, claims, tags) : '';
  const description = settings.description ? guardDescription(reply.description, identities, claims) : '';
  // A field the checks emptied takes the local engine's text rather than leaving the seller nothing.
  const titleFromModel = title !== '';
  const descriptionFromModel = description !== '';
  const tagsFromModel = tags.length > 0;
  const finalTitle = settings.title && !titleFromModel ? local.title : title;
  const finalDescription = settings.description && !descriptionFromModel ? local.description : description;
  const finalTags = settings.tags && !tagsFromModel ? local.tags : tags;

  const modelPrice = settings.suggestedPrice ? saneModelPrice(reply.price, input.currency, local) : null;
  const colours = chooseColours(reply.colours);
  const condition = chooseCondition(reply.condition, settings);
  const category = reply.category;

  /** Switched off: none. The model's text: what it names, and the model. The local text: the local evidence. */
  const textEvidence = (
    field: 'title' | 'description' | 'tags',
    enabled: boolean,
    fromModel: boolean,
    text: string,
  ): FieldEvidence[] => {
    if (!enabled) return [];
    if (!fromModel) return local.evidence[field] ?? [];
    return [
      ...identityEvidence(text, brand),
      ...identityEvidence(text, size),
      ...(field === 'description' ? sellerHintEvidence(local.evidence) : []),
      vision(field),
    ];
  };
  // Like the local engine's: the text and price fields always present (empty when switched off), the
  // others only when something supports them.
  const evidence: Evidence = {
    ...local.evidence,
    title: textEvidence('title', settings.title, titleFromModel, finalTitle),
    description: textEvidence('description', settings.description, descriptionFromModel, finalDescription),
    tags: textEvidence('tags', settings.tags, tagsFromModel, finalTags.join(' ')),
    price: modelPrice ? [vision('price')] : (local.evidence.price ?? []),
  };
  setOrRemove(evidence, 'brand', brand.evidence);
  setOrRemove(evidence, 'size', size.evidence);
  if (colours) evidence.colours = [vision('colours')];
  if (category) evidence.category = [vision('category')];
  if (condition) evidence.condition = [vision('condition')];

  return {
    title: finalTitle,
    description: finalDescription,
    tags: finalTags,
    suggestedPriceRange: settings.suggestedPrice ? (modelPrice ?? local.suggestedPriceRange) : null,
    brand: brand.value,
    size: size.value,
    colours: colours ?? local.colours,
    category: category ?? local.category,
    condition: condition ?? local.condition,
    composition: local.composition,
    evidence,
    // A question about a field that now has a value (the seller's or a model's reading) is answered.
    suggestions: local.suggestions.filter(
      (suggestion) => (suggestion.field === 'brand' ? brand.value : size.value) === null,
    ),
    variants: marketplaceVariants({ title: finalTitle, description: finalDescription, tags: finalTags }),
  };
}

interface IdentityChoice {
  value: string | null;
  evidence: FieldEvidence[];
  /** A value the model gave that lost: it must not appear anywhere in the listing's text. */
  rejected: string | null;
  /** Scrubbing a size also takes the word "size" before it. */
  isSize: boolean;
}

/**
 * The brand or the size: the seller's hint when there is one (the local engine already holds it), else the
 * model's value when the local evidence agrees or the model read it on a photo it was sent, else the local
 * engine's value or nothing.
 */
function chooseIdentity(field: 'brand' | 'size', input: GuardrailInput): IdentityChoice {
  const { reply, settings, local, sentPhotos } = input;
  const isSize = field === 'size';
  const hint = isSize ? settings.size : settings.brand;
  const localValue = local[field];
  const localEvidence = local.evidence[field] ?? [];
  const modelValue = cleanIdentity(reply[field], isSize ? MAX_SIZE_LENGTH : MAX_BRAND_LENGTH);
  const reading = supportedReading(modelValue, isSize ? reply.sizeReading : reply.brandReading, sentPhotos);
  const keepLocal = (rejected: string | null): IdentityChoice => ({
    value: localValue,
    evidence: localValue === null ? [] : localEvidence,
    rejected,
    isSize,
  });

  if (hint.trim() !== '') {
    // The local engine always keeps a seller's hint (tidied, or spelt as the brand list spells it).
    const winner = localValue ?? hint.trim();
    const evidence =
      localValue === null
        ? [{ source: 'seller_hint' as const, rule: `${field}.seller_hint`, text: hint }]
        : localEvidence;
    return { value: winner, evidence, rejected: differentValue(modelValue, winner), isSize };
  }
  if (modelValue === null) return keepLocal(null);
  if (localValue !== null && sameValue(modelValue, localValue)) {
    return { ...keepLocal(null), evidence: [...localEvidence, vision(field, reading)] };
  }
  if (reading) return { value: modelValue, evidence: [vision(field, reading)], rejected: null, isSize };
  return keepLocal(differentValue(modelValue, localValue));
}

function cleanIdentity(value: string | null, limit: number): string | null {
  const clean = cutAtWord(value ?? '', limit);
  return clean === '' ? null : clean;
}

/** The rejected value, unless it is the winner itself or a part of it (scrubbing "Ralph" kills "Ralph Lauren"). */
function differentValue(candidate: string | null, winner: string | null): string | null {
  if (candidate === null) return null;
  if (winner !== null && (sameValue(candidate, winner) || mentions(winner, candidate))) return null;
  return candidate;
}

/** The model's reading, when it names a photo it was sent and its text really contains the value. */
function supportedReading(
  value: string | null,
  reading: ModelReading | null,
  sentPhotos: ReadonlySet<number>,
): ModelReading | null {
  if (value === null || reading === null) return null;
  if (!Number.isInteger(reading.photo) || !sentPhotos.has(reading.photo)) return null;
  const text = tidy(reading.text).slice(0, MAX_READING_LENGTH);
  return mentions(text, value) ? { photo: reading.photo, text } : null;
}

/** What the claims checks allow for this listing: "new" on the seller's word, "vintage" on evidence. */
function claimContext(input: GuardrailInput): ClaimContext {
  const { condition } = input.settings;
  return {
    language: input.language,
    sellerSaidNew: condition === 'new_with_tags' || condition === 'new_without_tags',
    vintageSupported: Object.values(input.local.evidence)
      .flat()
      .some((entry) => /vintage|retro/i.test(entry.rule)),
  };
}

/**
 * The model's title with invented identities scrubbed, hype and filler adjectives cut; empty (so the local
 * title stands in) when it was mostly hype, is stuffed, or says too little once cut.
 */
function guardTitle(
  title: string,
  brand: IdentityChoice,
  size: IdentityChoice,
  claims: ClaimContext,
  tags: readonly string[],
): string {
  let guarded = scrub(tidy(title), [brand, size]);
  if (claimsIn(guarded, claims).length > MAX_TITLE_CLAIMS || titleStuffing(guarded, tags) !== null) return '';
  const cut = withoutFillers(withoutClaims(guarded, claims));
  if (cut !== guarded && contentWordCount(cut) < MIN_TITLE_WORDS) return '';
  guarded = cut;
  // A brand that replaced the model's leads the title, as the model was asked to write it.
  if (brand.rejected !== null && brand.value !== null && guarded !== '' && !mentions(guarded, brand.value)) {
    guarded = `${brand.value} ${guarded}`;
  }
  return cutAtWord(guarded, MAX_TITLE_LENGTH);
}

function scrub(text: string, identities: readonly IdentityChoice[]): string {
  return identities.reduce(
    (current, identity) =>
      identity.rejected === null ? current : removeMentions(current, identity.rejected, identity.isSize),
    text,
  );
}

/**
 * Drops every sentence that names a rejected value, makes an unsupported claim or reads like an apology;
 * keeps the paragraphs. Empty (so the local description stands in) when the description is stuffed or the
 * claims were most of it.
 */
function guardDescription(
  description: string,
  identities: readonly IdentityChoice[],
  claims: ClaimContext,
): string {
  if (isStuffedDescription(description)) return '';
  const rejected = identities.flatMap((identity) => (identity.rejected === null ? [] : [identity.rejected]));
  let sentences = 0;
  let hype = 0;
  const paragraphs = description
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) =>
          line
            .split(/(?<=[.!?])\s+/)
            .filter((sentence) => {
              sentences += 1;
              const hyped = claimsIn(sentence, claims).length > 0;
              if (hyped) hype += 1;
              return !hyped && !isRefusal(sentence) && !rejected.some((value) => mentions(sentence, value));
            })
            .join(' ')
            .replace(/[ \t]+/g, ' ')
            .trim(),
        )
        .filter((line) => line !== '')
        .join('\n'),
    )
    .filter((paragraph) => paragraph !== '');
  if (hype * 2 > sentences) return '';
  return cutDescription(paragraphs.join('\n\n'), MAX_DESCRIPTION_LENGTH);
}

/** At most `limit` characters, ending at the last full sentence that fits, or at a word when none does. */
export function cutDescription(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const fits = text.slice(0, limit + 1);
  const sentenceEnds = [...fits.matchAll(/[.!?](?=\s)/g)];
  const lastEnd = sentenceEnds.at(-1);
  if (lastEnd !== undefined && lastEnd.index >= limit / 2) return text.slice(0, lastEnd.index + 1).trim();
  const lastSpace = fits.search(/\s\S*$/);
  return (lastSpace > 0 ? text.slice(0, lastSpace) : text.slice(0, limit)).trim();
}

function guardTags(
  tags: readonly string[],
  identities: readonly IdentityChoice[],
  claims: ClaimContext,
): string[] {
  const rejected = identities.flatMap((identity) => (identity.rejected === null ? [] : [identity.rejected]));
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = cutAtWord(raw.replace(/#/g, ' '), MAX_TAG_LENGTH);
    const key = tag.toLowerCase();
    if (
      tag === '' ||
      seen.has(key) ||
      isRefusal(tag) ||
      isStuffedTag(tag) ||
      claimsIn(tag, claims).length > 0 ||
      rejected.some((value) => mentions(tag, value))
    )
      continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept.slice(0, MAX_TAGS);
}

/**
 * The model's range in minor units, or null when it is missing or not believable: not positive, upside
 * down, above the price cap, too wide to be a price, or far from what the local price table says.
 */
function saneModelPrice(
  price: ModelListing['price'],
  currency: Currency,
  local: EngineListing,
): PriceRange | null {
  if (price === null) return null;
  const min = Math.round(price.min * 100);
  const max = Math.round(price.max * 100);
  if (!Number.isFinite(min) || !Number.isFinite(max)) return null;
  if (min <= 0 || max < min || max > MAX_PRICE_MINOR || max > min * MAX_PRICE_SPREAD) return null;
  const table = local.suggestedPriceRange;
  if (table && (min < table.min / MAX_PRICE_DEVIATION || max > table.max * MAX_PRICE_DEVIATION)) return null;
  return { currency, min, max };
}

function chooseColours(colours: readonly Colour[]): Colour[] | null {
  const unique = [...new Set(colours)].slice(0, MAX_COLOURS);
  return unique.length === 0 ? null : unique;
}

/**
 * The model judges wear only when the seller did not say: "new with/without tags" is the seller's to give
 * (the local engine holds it), and an item the seller called used is never new.
 */
function chooseCondition(
  condition: ListingCondition | null,
  settings: GenerationSettings,
): ListingCondition | null {
  if (settings.condition === 'new_with_tags' || settings.condition === 'new_without_tags') return null;
  if (settings.condition === 'used' && (condition === 'New with tags' || condition === 'New without tags')) {
    return null;
  }
  return condition;
}

function identityEvidence(text: string, identity: IdentityChoice): FieldEvidence[] {
  return identity.value !== null && mentions(text, identity.value) ? identity.evidence : [];
}

/** The fit, offers and dispatch details the local engine took from the seller's settings. */
function sellerHintEvidence(evidence: Evidence): FieldEvidence[] {
  return (evidence.description ?? []).filter((entry) => entry.source === 'seller_hint');
}

function vision(field: string, reading?: ModelReading | null): FieldEvidence {
  return {
    source: 'vision_model',
    rule: `vision_model.${field}`,
    ...(reading ? { photo: reading.photo, text: reading.text } : {}),
  };
}

function setOrRemove(evidence: Evidence, field: 'brand' | 'size', entries: FieldEvidence[]): void {
  if (entries.length > 0) evidence[field] = entries;
  else delete evidence[field];
}
