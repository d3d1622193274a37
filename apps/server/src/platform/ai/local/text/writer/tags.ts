// Tags: up to 10, lower case, no '#', no repeats, in the listing's language (brand names stay as they are):
// brand, item, colours, material, category, and a search word or two the facts imply.
import { type Language, MAX_TAGS } from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import { categoryTag, colourName, fibreName } from './lexicon';
import { nounFor, type Subject } from './subject';

const NEW_WITH_TAGS: Record<Language, string> = {
  en: 'new with tags',
  fr: 'neuf avec étiquette',
  de: 'neu mit etikett',
  pl: 'nowe z metką',
};

export function writeTags(facts: ItemFacts, subject: Subject, language: Language): string[] {
  const candidates = [
    facts.brand?.value ?? '',
    subject.nounKey === null ? '' : nounFor(subject, language).word,
    ...subject.colours.map((colour) => colourName(colour, language)),
    subject.material === null ? '' : fibreName(subject.material, language),
    subject.category === null ? '' : categoryTag(subject.category, language),
    // Buyers search "denim" for jeans in every language; "vintage" only when the facts say vintage.
    subject.nounKey === 'jeans' ? 'denim' : '',
    facts.condition?.value === 'New with tags' ? NEW_WITH_TAGS[language] : '',
  ];
  const tags: string[] = [];
  for (const candidate of candidates) {
    const tag = candidate.replace(/#/g, '').replace(/\s+/g, ' ').trim().toLocaleLowerCase();
    if (tag !== '' && !tags.includes(tag)) tags.push(tag);
  }
  return tags.slice(0, MAX_TAGS);
}
