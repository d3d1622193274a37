// The seller's answer to a suggestion ("Is this Zara?"), as the fields it changes. Yes: the field takes the
// value on the seller's word, and the title gets it where a reseller puts it (the brand leads, the size ends
// it) without outgrowing the title limit or losing what it already said. No: only the question goes. Pure.
import {
  type AnswerSuggestionRequest,
  cutAtWord,
  type FieldEvidence,
  type FieldSuggestion,
  type Language,
  MAX_TITLE_LENGTH,
  marketplaceVariants,
  SHORT_TITLE_LENGTH,
  SuggestionMessages,
  tidy,
} from '@snaplist/contract';
import { AppError } from '../../errors';
import { afterBrand, BRAND_SEPARATOR, sizeTail } from '../../platform/ai/local/text/writer/title';
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

  const title = current.title === '' ? '' : titleWith(current, suggestion, current.language);
  const { description, tags } = current;
  const confirmed: FieldEvidence = {
    source: 'seller_hint',
    rule: `${suggestion.field}.confirmed`,
    text: suggestion.value,
  };
  // The reading stays behind the seller's yes, so the page can still say where it was seen.
  const evidence = { ...current.evidence, [suggestion.field]: [confirmed, ...suggestion.evidence] };
  if (title !== current.title) evidence.title = [...(evidence.title ?? []), confirmed];
  return {
    brand: suggestion.field === 'brand' ? suggestion.value : current.brand,
    size: suggestion.field === 'size' ? suggestion.value : current.size,
    title,
    description,
    tags,
    sku: current.sku,
    evidence,
    suggestions: remaining,
    variants: marketplaceVariants({ title, description, tags }),
    updatedAt: at,
  };
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
