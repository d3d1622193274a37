// What the local writer wrote a listing from: the item's facts (each with its evidence) and the parts the
// seller asked for. Kept with the listing, so that a fact the seller confirms later ("Is this Gap?" Yes) is
// written into every text it touches the way the writer writes it at generation (docs/decisions/047). The
// schema reads it back from storage, where a row of an older shape must read as none, never as a crash.
import {
  CATEGORIES,
  COLOURS,
  FibreShareSchema,
  FieldEvidenceSchema,
  HOW_IT_FITS,
  LISTING_CONDITIONS,
} from '@snaplist/contract';
import { z } from 'zod';
import type { ItemFacts } from '../../facts';
import type { WrittenParts } from './write-listing';

/** The facts without the open questions: those live on the listing itself, and the writer never uses them. */
export type WrittenFacts = Omit<ItemFacts, 'suggestions'>;

export interface WriterInput {
  facts: WrittenFacts;
  parts: WrittenParts;
}

function factOf<Value extends z.ZodType>(value: Value) {
  return z.object({ value, evidence: z.array(FieldEvidenceSchema) });
}

// Typed against WriterInput, so a fact added to ItemFacts fails the type-check here until it is stored too.
const WriterInputSchema: z.ZodType<WriterInput> = z.object({
  facts: z.object({
    brand: factOf(z.string()).nullable(),
    size: factOf(z.string()).nullable(),
    composition: factOf(z.array(FibreShareSchema)).nullable(),
    care: factOf(z.array(z.string())).nullable(),
    colours: factOf(z.array(z.enum(COLOURS))),
    category: factOf(z.enum(CATEGORIES)).nullable(),
    itemType: factOf(z.string()).nullable(),
    condition: factOf(z.enum(LISTING_CONDITIONS)).nullable(),
    preOwned: z.boolean(),
    fit: z.enum(HOW_IT_FITS),
    openToOffers: z.boolean(),
    shippingDays: z.number().int().nonnegative().nullable(),
  }),
  parts: z.object({
    title: z.boolean(),
    description: z.boolean(),
    tags: z.boolean(),
    suggestedPrice: z.boolean(),
  }),
});

/** What to keep of a listing the writer wrote from these facts and settings. */
export function writerInputOf(facts: ItemFacts, settings: WrittenParts): WriterInput {
  const { suggestions: _asked, ...written } = facts;
  const { title, description, tags, suggestedPrice } = settings;
  return { facts: written, parts: { title, description, tags, suggestedPrice } };
}

/** The writer's input as stored, or null when it is not one (a shape from before a fact was added). */
export function readWriterInput(stored: unknown): WriterInput | null {
  const parsed = WriterInputSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** The facts as the writer takes them: with no open questions, which it never reads anyway. */
export function itemFactsOf(input: WriterInput): ItemFacts {
  return { ...input.facts, suggestions: [] };
}
