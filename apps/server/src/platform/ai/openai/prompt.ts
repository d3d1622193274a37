// The messages sent to the vision model: the rules of a good listing, the local engine's evidence, the
// seller's hints and the photos, each introduced by its number so the model can say where it read a brand.
// Only what the listing needs goes in: no account, e-mail, token or id of any kind.
import {
  CATEGORIES,
  COLOURS,
  type Currency,
  type Evidence,
  type GenerationSettings,
  type Language,
  LISTING_CONDITIONS,
  MAX_COLOURS,
  MAX_DESCRIPTION_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
  SHORT_TITLE_LENGTH,
} from '@snaplist/contract';
import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { EngineListing } from '../listing-engine';
import type { SentPhoto } from './photos';
import { listingJsonSchema } from './reply-schema';

export type ResponseFormat = 'json_schema' | 'json_object' | 'text';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'French', de: 'German', pl: 'Polish' };

const CONDITION_HINTS: Record<GenerationSettings['condition'], string | null> = {
  none: null,
  new_with_tags: 'New with tags',
  new_without_tags: 'New without tags',
  used: 'Used: choose Like new, Very good, Good, Fair or Poor from what the photos show',
};

export interface PromptInput {
  settings: GenerationSettings;
  language: Language;
  currency: Currency;
  /** The local engine's listing: its evidence and parsed facts go to the model. */
  local: EngineListing;
  photos: readonly SentPhoto[];
  responseFormat: ResponseFormat;
}

export function buildMessages(input: PromptInput): ChatCompletionMessageParam[] {
  const photoParts: ChatCompletionContentPart[] = input.photos.flatMap((photo) => [
    { type: 'text', text: `Photo ${photo.number}:` },
    { type: 'image_url', image_url: { url: photo.dataUrl } },
  ]);
  return [
    { role: 'system', content: systemPrompt(input) },
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: `Write the listing for this item. What is already known, as JSON:\n${JSON.stringify(facts(input), null, 2)}`,
        },
        ...photoParts,
      ],
    },
  ];
}

/** Sent after an invalid reply, with that reply as the assistant's turn before it. */
export function repairMessage(problems: string): ChatCompletionMessageParam {
  return {
    role: 'user',
    content: `Your reply could not be used:\n${problems}\nReply again with the corrected JSON object only, following every rule above.`,
  };
}

function systemPrompt(input: PromptInput): string {
  const language = LANGUAGE_NAMES[input.language];
  const rules = [
    'You write listings for second-hand marketplaces (eBay, Vinted, Depop, Etsy, Poshmark) from photos of one item.',
    `Write the title, description and tags in ${language}, whatever language the labels are in.`,
    'Describe only what the photos and the known facts show. Never invent a brand, size, material, measurement or flaw.',
    'The seller hints are the truth: when they give a brand, size or condition, use it as given.',
    'No hype or claims a photo cannot prove, in any language: never "designer", "luxury", "rare", "authentic", "genuine", "must have", "amazing", "statement piece" or "one of a kind"; "vintage" or "retro" only when a label says so; "brand new" or "perfect condition" only when the seller says the item is new. No keyword stuffing: each word once in the title, no runs of synonyms, no tag lists in the title or description.',
    'brand: only a brand printed on a photo or given by the seller, else null. When it is printed, brandReading gives the photo number and the text exactly as printed there; otherwise brandReading is null. size and sizeReading work the same way.',
    `title: at most ${MAX_TITLE_LENGTH} characters, ideally at most ${SHORT_TITLE_LENGTH}; brand first when known, then the item, its key details and the size. No emoji, no hashtags, no shouting capitals.`,
    `description: plain text, at most ${MAX_DESCRIPTION_LENGTH} characters; the item, its colour, material and condition, and the seller's fit, offers and dispatch details when given.`,
    `tags: at most ${MAX_TAGS} search words or short phrases, each at most ${MAX_TAG_LENGTH} characters, without "#".`,
    `price: a realistic second-hand price range in ${input.currency}, in major units (12.5 means 12.50), or null when you cannot judge it.`,
    `colours: at most ${MAX_COLOURS} of ${COLOURS.join(', ')}; "Multi" alone for a pattern of three or more colours.`,
    `category: one of ${CATEGORIES.join(', ')}, or null. condition: one of ${LISTING_CONDITIONS.join(', ')}, or null.`,
    'Fields the seller switched off stay empty: "" for title or description, [] for tags, null for price.',
  ];
  const reply =
    input.responseFormat === 'json_schema'
      ? 'Reply with the JSON object the response format describes.'
      : `Reply with one JSON object and nothing else, matching this JSON Schema:\n${JSON.stringify(listingJsonSchema())}`;
  return `${rules.map((rule) => `- ${rule}`).join('\n')}\n${reply}`;
}

function facts(input: PromptInput) {
  const { settings, local } = input;
  return {
    listingLanguage: LANGUAGE_NAMES[input.language],
    currency: input.currency,
    photosAttached: input.photos.map((photo) => photo.number),
    switchedOff: [
      settings.title ? [] : ['title'],
      settings.description ? [] : ['description'],
      settings.tags ? [] : ['tags'],
      settings.suggestedPrice ? [] : ['price'],
    ].flat(),
    sellerHints: {
      brand: settings.brand || null,
      size: settings.size || null,
      condition: CONDITION_HINTS[settings.condition],
      fit: settings.descriptionHowItFits,
      openToOffers: settings.descriptionTakingOffers,
      shippingDays: settings.descriptionShippingDays === '' ? null : settings.descriptionShippingDays,
    },
    labelTextReadByOcr: labelText(local.evidence),
    detectedByLocalAnalysis: {
      brand: readFromLabel(local.evidence.brand) ? local.brand : null,
      size: readFromLabel(local.evidence.size) ? local.size : null,
      composition: local.composition.map((share) => `${share.percent}% ${share.fibre}`),
      colours: local.colours,
      category: local.category,
    },
  };
}

/** The label lines the local engine's evidence cites, per photo: what OCR read, for the model to confirm. */
function labelText(evidence: Evidence): Array<{ photo: number; lines: string[] }> {
  const byPhoto = new Map<number, Set<string>>();
  for (const entry of Object.values(evidence).flat()) {
    if (entry.source !== 'label_text' || !entry.photo || !entry.text) continue;
    const lines = byPhoto.get(entry.photo) ?? new Set<string>();
    lines.add(entry.text);
    byPhoto.set(entry.photo, lines);
  }
  return [...byPhoto].sort(([a], [b]) => a - b).map(([photo, lines]) => ({ photo, lines: [...lines] }));
}

function readFromLabel(evidence: Evidence['brand']): boolean {
  return evidence?.some((entry) => entry.source === 'label_text') ?? false;
}
