// Tags: up to 10, lower case, no '#', no repeats, in the listing's language (brand names stay as they are).
// In the order buyers search: brand, the item and its synonyms, the item with its colour and material
// ("black coat", "wool coat"), colour, material, style words the facts imply (knitwear for a wool jumper,
// denim for jeans), category, size, and the marketplace word for the condition ("preloved", "seconde main").
// Never a suggestion: only facts reach the writer's tags.
import { type Language, MAX_TAGS } from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import {
  categoryTag,
  colourAdjective,
  colourName,
  fibreName,
  itemSynonyms,
  materialItemPhrase,
  type Noun,
} from './lexicon';
import { titleSize } from './size-words';
import { nounFor, type Subject } from './subject';

const NEW_WITH_TAGS: Record<Language, string> = {
  en: 'new with tags',
  fr: 'neuf avec étiquette',
  de: 'neu mit etikett',
  pl: 'nowe z metką',
};
const NEW_WITHOUT_TAGS: Record<Language, string> = {
  en: 'new without tags',
  fr: 'neuf sans étiquette',
  de: 'neu ohne etikett',
  pl: 'nowe bez metki',
};
const PRE_OWNED: Record<Language, string> = {
  en: 'preloved',
  fr: 'seconde main',
  de: 'gebraucht',
  pl: 'z drugiej ręki',
};
const KIDS: Record<Language, string> = { en: 'kids', fr: 'enfant', de: 'kinder', pl: 'dla dzieci' };
const KNITWEAR: Record<Language, string> = { en: 'knitwear', fr: 'maille', de: 'strick', pl: 'dzianina' };
const OVERSIZED: Record<Language, string> = {
  en: 'oversized',
  fr: 'oversize',
  de: 'oversize',
  pl: 'oversize',
};

const STRETCH: Record<Language, string> = { en: 'stretch', fr: 'stretch', de: 'stretch', pl: 'stretch' };
/** Elastane from this share up makes a fabric stretch noticeably, which buyers filter for. */
const STRETCH_MIN_PERCENT = 2;
/** A fibre that is at least half the item is worth a tag even when it is not worth a title ("polyester"). */
const MAIN_FIBRE_MIN_PERCENT = 50;

const KNITTED_ITEMS: ReadonlySet<string> = new Set(['jumper', 'cardigan']);
const KNITTING_FIBRES: ReadonlySet<string> = new Set(['wool', 'cashmere', 'alpaca', 'mohair']);

/** The colour with the item, in the language's order and agreement: "black coat", "manteau noir", "czarny płaszcz". */
function colourItemPhrase(subject: Subject, noun: Noun, language: Language): string {
  const colour = subject.colours[0];
  if (colour === undefined) return '';
  const adjective = colourAdjective(colour, language, noun);
  return language === 'fr' ? `${noun.word} ${adjective}` : `${adjective} ${noun.word}`;
}

/** Words for what the facts imply about style: knitwear for a wool jumper, denim for jeans, oversized. */
function styleWords(facts: ItemFacts, subject: Subject, language: Language): string[] {
  const words: string[] = [];
  const material = subject.material;
  if (subject.nounKey === 'jeans' || material === 'denim') words.push(fibreName('denim', language));
  const knitted = subject.nounKey !== null && KNITTED_ITEMS.has(subject.nounKey);
  if (knitted && material !== null && KNITTING_FIBRES.has(material)) words.push(KNITWEAR[language]);
  if (facts.fit === 'oversized') words.push(OVERSIZED[language]);
  const elastane = facts.composition?.value.find((share) => share.fibre === 'elastane');
  if (elastane !== undefined && elastane.percent >= STRETCH_MIN_PERCENT) words.push(STRETCH[language]);
  return words;
}

/** "wool coat", "wollmantel"; nothing for jeans outside English, where "jean en jean" would stutter. */
function materialTag(subject: Subject, noun: Noun | null, language: Language): string {
  if (noun === null || subject.material === null) return '';
  if (subject.material === 'denim' && subject.nounKey === 'jeans' && language !== 'en') return '';
  return materialItemPhrase(subject.material, language, noun);
}

/** The material named in the title, or else the fibre that is most of the item. */
function fibreTag(facts: ItemFacts, subject: Subject, language: Language): string {
  if (subject.material !== null) return fibreName(subject.material, language);
  const main = facts.composition?.value[0];
  return main !== undefined && main.percent >= MAIN_FIBRE_MIN_PERCENT ? fibreName(main.fibre, language) : '';
}

function conditionTag(facts: ItemFacts, language: Language): string {
  const condition = facts.condition?.value;
  if (condition === 'New with tags') return NEW_WITH_TAGS[language];
  if (condition === 'New without tags') return NEW_WITHOUT_TAGS[language];
  // Any other grade, or the seller's "Used", is second hand by the seller's own word.
  return condition !== undefined || facts.preOwned ? PRE_OWNED[language] : '';
}

export function writeTags(facts: ItemFacts, subject: Subject, language: Language): string[] {
  const noun = subject.nounKey === null ? null : nounFor(subject, language);
  const synonyms = subject.nounKey === null ? [] : itemSynonyms(subject.nounKey, language);
  const candidates = [
    facts.brand?.value ?? '',
    noun?.word ?? '',
    noun === null ? '' : colourItemPhrase(subject, noun, language),
    materialTag(subject, noun, language),
    synonyms[0] ?? '',
    ...subject.colours.slice(0, 2).map((colour) => colourName(colour, language)),
    fibreTag(facts, subject, language),
    ...styleWords(facts, subject, language),
    subject.category === null ? '' : categoryTag(subject.category, language),
    subject.department === 'kids' ? KIDS[language] : '',
    facts.size === null ? '' : titleSize(facts.size.value, language),
    conditionTag(facts, language),
    ...synonyms.slice(1),
  ];
  const tags: string[] = [];
  for (const candidate of candidates) {
    const tag = candidate.replace(/#/g, '').replace(/\s+/g, ' ').trim().toLocaleLowerCase(language);
    if (tag !== '' && !tags.includes(tag)) tags.push(tag);
  }
  return tags.slice(0, MAX_TAGS);
}
