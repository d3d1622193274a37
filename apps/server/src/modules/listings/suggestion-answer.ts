// The seller's answer to a suggestion ("Is this Zara?"), as the fields it changes. Yes: the field takes the
// value on the seller's word. On a listing the local writer wrote, the confirmed fact goes back into the
// writer's own facts and every text it touches is written again: title, description, tags, the price range and
// its reason, each marketplace version (decision 047); a text that is no longer what the writer wrote (the
// seller's own) stays as it is. On any other listing the title gets the value where a reseller puts it (the
// brand leads, the size ends it) without outgrowing the title limit or losing what it already said.
// No: only the question goes. Pure.
import { isDeepStrictEqual } from 'node:util';
import {
  type AnswerSuggestionRequest,
  cutAtWord,
  type Evidence,
  type FieldEvidence,
  type FieldSuggestion,
  type Language,
  MARKETPLACES,
  MAX_TITLE_LENGTH,
  type Marketplace,
  type MarketplaceVariant,
  marketplaceVariants,
  SHORT_TITLE_LENGTH,
  SuggestionMessages,
  tidy,
} from '@snaplist/contract';
import { AppError } from '../../errors';
import type { Fact } from '../../platform/ai/local/facts';
import { afterBrand, BRAND_SEPARATOR, sizeTail } from '../../platform/ai/local/text/writer/title';
import { type WrittenListing, writeListing } from '../../platform/ai/local/text/writer/write-listing';
import { itemFactsOf, type WriterInput } from '../../platform/ai/local/text/writer/writer-input';
import { mentions } from '../../platform/ai/openai/mentions';
import type { ListingChanges, ListingRecord } from './listings.repository';

export function answeredFields(
  current: ListingRecord,
  answer: AnswerSuggestionRequest,
  at: string,
): ListingChanges {
  const { suggestions } = current;
  const index = suggestions.findIndex((suggestion) => suggestion.field === answer.field);
  const suggestion = suggestions[index];
  if (suggestion === undefined) {
    throw new AppError('suggestion_answered', 409, SuggestionMessages.noSuggestion);
  }
  const remaining = suggestions.filter((_, position) => position !== index);
  if (!answer.accept) return { suggestions: remaining, updatedAt: at };

  const confirmed: FieldEvidence = {
    source: 'seller_hint',
    rule: `${suggestion.field}.confirmed`,
    text: suggestion.value,
  };
  // The reading stays behind the seller's yes, so the page can still say where it was seen.
  const fact: Fact<string> = { value: suggestion.value, evidence: [confirmed, ...suggestion.evidence] };
  const answered = {
    brand: suggestion.field === 'brand' ? suggestion.value : current.brand,
    size: suggestion.field === 'size' ? suggestion.value : current.size,
    sku: current.sku,
    suggestions: remaining,
    updatedAt: at,
  };
  const evidence: Evidence = { ...current.evidence, [suggestion.field]: fact.evidence };
  if (current.writerInput !== null) {
    return { ...answered, ...rewritten(current, current.writerInput, suggestion, fact, evidence) };
  }

  const title = current.title === '' ? '' : titleWith(current, suggestion, current.language);
  const { description, tags } = current;
  if (title !== current.title) evidence.title = [...(evidence.title ?? []), confirmed];
  return {
    ...answered,
    title,
    description,
    tags,
    evidence,
    variants: marketplaceVariants({ title, description, tags }),
  };
}

type RewrittenText = Pick<
  ListingRecord,
  'title' | 'description' | 'tags' | 'evidence' | 'variants' | 'writerInput'
> &
  Partial<Pick<ListingRecord, 'priceMin' | 'priceMax'>>;

/**
 * The local writer's texts written again with the confirmed fact in its facts. Each text, price and
 * marketplace part is replaced only while it is still what the writer wrote from the facts before the answer:
 * one the seller changed by hand is theirs and stays.
 */
function rewritten(
  current: ListingRecord,
  input: WriterInput,
  suggestion: FieldSuggestion,
  fact: Fact<string>,
  evidence: Evidence,
): RewrittenText {
  const confirmedInput: WriterInput = { ...input, facts: { ...input.facts, [suggestion.field]: fact } };
  const write = (from: WriterInput): WrittenListing =>
    writeListing(itemFactsOf(from), from.parts, current.language, current.currency);
  const before = write(input);
  const after = write(confirmedInput);
  // What is still exactly as the writer wrote it from the facts before the answer.
  const stillWritten = {
    title: current.title === before.title,
    description: current.description === before.description,
    tags: isDeepStrictEqual(current.tags, before.tags),
    price:
      current.priceMin === (before.suggestedPriceRange?.min ?? null) &&
      current.priceMax === (before.suggestedPriceRange?.max ?? null),
  };
  return {
    title: stillWritten.title ? after.title : current.title,
    description: stillWritten.description ? after.description : current.description,
    tags: stillWritten.tags ? after.tags : current.tags,
    ...(stillWritten.price
      ? { priceMin: after.suggestedPriceRange?.min ?? null, priceMax: after.suggestedPriceRange?.max ?? null }
      : {}),
    evidence: {
      ...evidence,
      ...(stillWritten.title ? { title: after.evidence.title } : {}),
      ...(stillWritten.description ? { description: after.evidence.description } : {}),
      ...(stillWritten.tags ? { tags: after.evidence.tags } : {}),
      ...(stillWritten.price ? { price: after.evidence.price } : {}),
    },
    variants: variantsAfter(current.variants, before.variants, after.variants),
    writerInput: confirmedInput,
  };
}

/** Each marketplace part rewritten while it is still the writer's, as the listing's own texts are. */
function variantsAfter(
  stored: Partial<Record<Marketplace, MarketplaceVariant>>,
  before: Partial<Record<Marketplace, MarketplaceVariant>>,
  after: Partial<Record<Marketplace, MarketplaceVariant>>,
): Partial<Record<Marketplace, MarketplaceVariant>> {
  const variants = { ...stored };
  for (const marketplace of MARKETPLACES) {
    const kept = stored[marketplace];
    const was = before[marketplace];
    const now = after[marketplace];
    if (now === undefined) continue;
    variants[marketplace] =
      kept === undefined
        ? now
        : {
            title: kept.title === was?.title ? now.title : kept.title,
            description: kept.description === was?.description ? now.description : kept.description,
            tags: isDeepStrictEqual(kept.tags, was?.tags) ? now.tags : kept.tags,
          };
  }
  return variants;
}

/**
 * The title with the confirmed value where buyers look for it, or unchanged when it already names it or
 * there is no room without cutting into what it says.
 */
function titleWith(current: ListingRecord, suggestion: FieldSuggestion, language: Language): string {
  const title = tidy(current.title);
  if (mentions(title, suggestion.value)) return title;
  // A title that fitted the strictest marketplace keeps fitting it.
  const limit = title.length <= SHORT_TITLE_LENGTH ? SHORT_TITLE_LENGTH : MAX_TITLE_LENGTH;
  if (suggestion.field === 'brand') {
    const separator = BRAND_SEPARATOR[language];
    const { body, tail } = splitSizeTail(title, current.size, language);
    const room = limit - suggestion.value.length - separator.length - (tail === '' ? 0 : tail.length);
    const fitted = fitBody(afterBrand(body, language), room);
    return fitted === null ? title : `${suggestion.value}${separator}${fitted}${tail}`;
  }
  const tail = sizeTail(suggestion.value, language);
  const fitted = fitBody(title, limit - tail.length);
  return fitted === null ? title : `${fitted}${tail}`;
}

/** The title without the size that ends it, so a brand that leads can never push the size out. */
function splitSizeTail(
  title: string,
  size: string | null,
  language: Language,
): { body: string; tail: string } {
  if (size === null) return { body: title, tail: '' };
  const tail = sizeTail(size, language);
  return title.length > tail.length && title.endsWith(tail)
    ? { body: title.slice(0, -tail.length), tail }
    : { body: title, tail: '' };
}

/** The body cut at a word to `room` characters; null when nothing of it would be left. */
function fitBody(body: string, room: number): string | null {
  if (body.length <= room) return body;
  const cut = cutAtWord(body, room);
  return cut === '' ? null : cut;
}
