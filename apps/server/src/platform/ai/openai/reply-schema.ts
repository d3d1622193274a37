// The JSON the vision model is asked for, as one zod schema: the JSON Schema sent to the server is generated
// from it (strict structured outputs: every property required, null for "unknown", no extra properties), and
// the reply is checked against it. Parsing tolerates what models wrap around JSON (fences, a line of prose).
import { CATEGORIES, COLOURS, LISTING_CONDITIONS } from '@snaplist/contract';
import { z } from 'zod';

/** Where the model read a brand or size: the photo number and the text exactly as printed. */
const ReadingSchema = z
  .object({
    photo: z.number().describe('The number of the photo the text is printed on'),
    text: z.string().describe('The text exactly as printed on that photo'),
  })
  .nullable();

export const ModelListingSchema = z.object({
  title: z.string().describe('The listing title; "" when the title is switched off'),
  description: z.string().describe('The listing description, plain text; "" when switched off'),
  tags: z.array(z.string()).describe('Search tags, without "#"; [] when switched off'),
  price: z
    .object({
      min: z.number().describe('Low end of the suggested price, in major units (12.5 means 12.50)'),
      max: z.number().describe('High end of the suggested price, in major units'),
    })
    .nullable()
    .describe(
      'A realistic second-hand price range in the listing currency; null when switched off or unknown',
    ),
  brand: z.string().nullable().describe('The brand, only when printed on a photo or given by the seller'),
  brandReading: ReadingSchema.describe('Where the brand is printed; null when no photo shows it'),
  size: z.string().nullable().describe('The size, only when printed on a photo or given by the seller'),
  sizeReading: ReadingSchema.describe('Where the size is printed; null when no photo shows it'),
  colours: z.array(z.enum(COLOURS)).describe('The main colours, most prominent first, at most 2'),
  category: z.enum(CATEGORIES).nullable(),
  condition: z.enum(LISTING_CONDITIONS).nullable(),
});
export type ModelListing = z.infer<typeof ModelListingSchema>;
export type ModelReading = NonNullable<ModelListing['brandReading']>;

/** The schema for `response_format: json_schema` (and for the prompt, where a server cannot take it). */
export function listingJsonSchema(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(ModelListingSchema);
  // Strict servers take the schema object alone; the dialect URI is noise to them (and rejected by some).
  return schema;
}

export type ParsedReply = { ok: true; listing: ModelListing } | { ok: false; problems: string };

/** The reply text as a listing, or the problems to send back in the one repair request. */
export function parseModelReply(content: string): ParsedReply {
  const json = outermostJsonObject(content);
  if (json === null) return { ok: false, problems: 'The reply holds no complete JSON object.' };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { ok: false, problems: `The reply is not valid JSON: ${(error as Error).message}` };
  }
  const result = ModelListingSchema.safeParse(withKnownEnumValues(value));
  if (!result.success) return { ok: false, problems: z.prettifyError(result.error) };
  return { ok: true, listing: result.data };
}

/** From the first `{` to the last `}`: drops ```json fences and any prose around the object. */
function outermostJsonObject(content: string): string | null {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  return start === -1 || end <= start ? null : content.slice(start, end + 1);
}

/**
 * A colour, category or condition outside the lists is not worth a repair request: it is matched without
 * regard to case, and otherwise dropped (the guardrails then keep the local engine's value).
 */
function withKnownEnumValues(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const reply = { ...(value as Record<string, unknown>) };
  if (Array.isArray(reply.colours)) {
    reply.colours = reply.colours.flatMap((colour) => {
      const known = knownValue(COLOURS, colour);
      return known === null ? [] : [known];
    });
  }
  if (typeof reply.category === 'string') reply.category = knownValue(CATEGORIES, reply.category);
  if (typeof reply.condition === 'string') reply.condition = knownValue(LISTING_CONDITIONS, reply.condition);
  return reply;
}

function knownValue<T extends string>(values: readonly T[], candidate: unknown): T | null {
  if (typeof candidate !== 'string') return null;
  const wanted = candidate.trim().toLowerCase();
  return values.find((value) => value.toLowerCase() === wanted) ?? null;
}
