// Descriptions a reseller would post: what it is, the fabric with its feel, the care label's own instructions,
// fit, size with a prompt to ask for measurements, condition in the seller's words, offers and shipping. Short
// sentences, each ending with a full stop (the UI starts a new line after each one). Only what the facts hold:
// no filler, no superlatives, no measurements, no care the label does not give, no grade or flaw the seller
// did not give. The sentences are the language pack's; which of them a listing gets is decided here.
import { type Category, type FibreShare, type Language, tidy } from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import { careSentence } from './care';
import { fabricSentences } from './fabric';
import { capitaliseFirst } from './grammar';
import { isNamed } from './language-pack';
import { fibreName, LANGUAGE_PACKS } from './languages';
import { sizeSentence } from './size-words';
import { itemWords, type Subject } from './subject';

function compositionSentence(shares: readonly FibreShare[], language: Language): string {
  const { description } = LANGUAGE_PACKS[language];
  return description.madeOf(
    shares.map((share) => description.percent(share, fibreName(share.fibre, language))),
  );
}

const UNFITTED: ReadonlySet<Category> = new Set(['Bags', 'Jewelry']);

/** Whether the description says how the item fits: bags and jewellery are not worn to a size. */
export function saysFit(subject: Subject): boolean {
  return subject.category === null || !UNFITTED.has(subject.category);
}

/**
 * The description's sentences, in the order a buyer reads them: what it is, fabric (composition, feel), the
 * care label's instructions, fit, size and measurements, colours not already said, condition, offers, shipping.
 */
export function writeDescription(facts: ItemFacts, subject: Subject, language: Language): string {
  const { description, colours: colourWords } = LANGUAGE_PACKS[language];
  const brand = facts.brand?.value ?? null;
  const sentences: string[] = [];
  const words = itemWords(subject, facts, language);
  const named = isNamed(words);
  if (named) sentences.push(description.what(capitaliseFirst(description.item(words)), brand));
  else if (brand !== null) sentences.push(description.brandOnly(brand));
  if (facts.composition !== null && facts.composition.value.length > 0) {
    sentences.push(compositionSentence(facts.composition.value, language));
    sentences.push(...fabricSentences(facts.composition.value, language));
  }
  const care = careSentence(facts.care, language);
  if (care !== '') sentences.push(care);
  if (saysFit(subject)) sentences.push(description.fit[facts.fit]);
  if (facts.size !== null) sentences.push(sizeSentence(facts.size.value, language));
  sentences.push(description.measurements);
  // A named item's opening sentence already has its first colour: the colours get a line only with a second.
  const colours = facts.colours.value;
  if (colours.length > (named ? 1 : 0)) {
    sentences.push(description.colour(colours.map((colour) => colourWords.name(colour))));
  }
  if (facts.condition !== null) sentences.push(description.condition[facts.condition.value]);
  else if (facts.preOwned) sentences.push(description.preOwned);
  if (facts.openToOffers) sentences.push(description.offers);
  if (facts.shippingDays !== null) sentences.push(description.ships(facts.shippingDays));
  return tidy(sentences.join(' '));
}
