// Tags: up to 10 (13 for Etsy), lower case, no '#', no repeats, in the listing's language (brand names stay as they are).
// In the order buyers search: brand, the item and its synonyms, the item with its colour and material
// ("black coat", "wool coat"), colour, material, style words the facts imply (knitwear for a wool jumper,
// denim for jeans), category, size, and the marketplace word for the condition ("preloved", "seconde main").
// Never a suggestion: only facts reach the writer's tags. The words are the language pack's.
import { type Language, MAX_TAGS } from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import type { LanguagePack } from './language-pack';
import { fibreName, LANGUAGE_PACKS } from './languages';
import { mainSize, titleSize } from './size-words';
import { nounFor, type Subject } from './subject';
import type { Noun } from './vocabulary';

/** Elastane from this share up makes a fabric stretch noticeably, which buyers filter for. */
const STRETCH_MIN_PERCENT = 2;
/** A fibre that is at least half the item is worth a tag even when it is not worth a title ("polyester"). */
const MAIN_FIBRE_MIN_PERCENT = 50;

const KNITTED_ITEMS: ReadonlySet<string> = new Set(['jumper', 'cardigan']);
const KNITTING_FIBRES: ReadonlySet<string> = new Set(['wool', 'cashmere', 'alpaca', 'mohair']);

/** "black coat", "manteau noir", "czarny płaszcz". */
function colourItemTag(subject: Subject, noun: Noun, pack: LanguagePack): string {
  const colour = subject.colours[0];
  return colour === undefined ? '' : pack.tags.colourWithItem(colour, noun);
}

/** Words for what the facts imply about style: knitwear for a wool jumper, denim for jeans, oversized. */
function styleWords(facts: ItemFacts, subject: Subject, language: Language): string[] {
  const { tags } = LANGUAGE_PACKS[language];
  const words: string[] = [];
  const material = subject.material;
  if (subject.nounKey === 'jeans' || material === 'denim') words.push(fibreName('denim', language));
  const knitted = subject.nounKey !== null && KNITTED_ITEMS.has(subject.nounKey);
  if (knitted && material !== null && KNITTING_FIBRES.has(material)) words.push(tags.knitwear);
  if (facts.fit === 'oversized') words.push(tags.oversized);
  const elastane = facts.composition?.value.find((share) => share.fibre === 'elastane');
  if (elastane !== undefined && elastane.percent >= STRETCH_MIN_PERCENT) words.push(tags.stretch);
  return words;
}

/** "wool coat", "wollmantel". */
function materialTag(subject: Subject, noun: Noun | null, pack: LanguagePack): string {
  if (noun === null || subject.material === null) return '';
  if (subject.material === 'denim' && subject.nounKey === 'jeans' && !pack.tags.denimJeans) return '';
  return pack.materials.withItem(subject.material, noun);
}

/** The material named in the title, or else the fibre that is most of the item. */
function fibreTag(facts: ItemFacts, subject: Subject, language: Language): string {
  if (subject.material !== null) return fibreName(subject.material, language);
  const main = facts.composition?.value[0];
  return main !== undefined && main.percent >= MAIN_FIBRE_MIN_PERCENT ? fibreName(main.fibre, language) : '';
}

function conditionTag(facts: ItemFacts, pack: LanguagePack): string {
  const condition = facts.condition?.value;
  if (condition === 'New with tags') return pack.tags.newWithTags;
  if (condition === 'New without tags') return pack.tags.newWithoutTags;
  // Any other grade, or the seller's "Used", is second hand by the seller's own word.
  return condition !== undefined || facts.preOwned ? pack.tags.preOwned : '';
}

/** The best `limit` tags, best first: the listing's ten, or Etsy's thirteen. */
export function writeTags(
  facts: ItemFacts,
  subject: Subject,
  language: Language,
  limit: number = MAX_TAGS,
): string[] {
  const pack = LANGUAGE_PACKS[language];
  const noun = subject.nounKey === null ? null : nounFor(subject, language);
  const synonyms = subject.nounKey === null ? [] : (pack.synonyms[subject.nounKey] ?? []);
  const candidates = [
    facts.brand?.value ?? '',
    noun?.word ?? '',
    noun === null ? '' : colourItemTag(subject, noun, pack),
    materialTag(subject, noun, pack),
    synonyms[0] ?? '',
    ...subject.colours.slice(0, 2).map((colour) => pack.colours.name(colour)),
    fibreTag(facts, subject, language),
    ...styleWords(facts, subject, language),
    subject.category === null ? '' : pack.categoryTags[subject.category],
    subject.department === 'kids' ? pack.tags.kids : '',
    facts.size === null ? '' : titleSize(mainSize(facts.size.value), language),
    conditionTag(facts, pack),
    ...synonyms.slice(1),
  ];
  const tags: string[] = [];
  for (const candidate of candidates) {
    const tag = candidate.replace(/#/g, '').replace(/\s+/g, ' ').trim().toLocaleLowerCase(language);
    if (tag !== '' && !tags.includes(tag)) tags.push(tag);
  }
  return tags.slice(0, limit);
}
