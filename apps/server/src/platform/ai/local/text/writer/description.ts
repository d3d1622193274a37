// Descriptions: short sentences, one fact each, each ending with a full stop (the UI starts a new line after
// each one). Only what the facts hold: no filler, no superlatives, and the condition only as the seller gave it.
import { type FibreShare, type Language, type ListingCondition, tidy } from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import { colourName, fibreName } from './lexicon';
import { sizeSentence } from './size-words';
import { nounFor, type Subject } from './subject';

interface Phrases {
  what: (noun: string, brand: string | null) => string;
  fit: Record<ItemFacts['fit'], string>;
  madeOf: (shares: string) => string;
  and: string;
  percent: (share: FibreShare, name: string) => string;
  colour: (names: string[]) => string;
  condition: Record<ListingCondition, string>;
  preOwned: string;
  offers: string;
  ships: (days: number) => string;
}

function list(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

const PHRASES: Record<Language, Phrases> = {
  en: {
    what: (noun, brand) => (brand === null ? `${noun}.` : `${noun} by ${brand}.`),
    fit: { 'true to size': 'Fits true to size.', oversized: 'Oversized fit.', undersized: 'Runs small.' },
    madeOf: (shares) => `Made of ${shares}.`,
    and: 'and',
    percent: (share, name) => `${share.percent}% ${name}`,
    colour: (names) => `${names.length > 1 ? 'Colours' : 'Colour'}: ${list(names, 'and')}.`,
    condition: {
      'New with tags': 'New with tags.',
      'New without tags': 'New without tags.',
      'Like new': 'Condition: like new.',
      'Very good': 'Condition: very good.',
      Good: 'Condition: good.',
      Fair: 'Condition: fair.',
      Poor: 'Condition: poor.',
    },
    preOwned: 'Pre-owned.',
    offers: 'Open to offers.',
    ships: (days) =>
      days === 0 ? 'Ships the same day.' : `Ships within ${days} ${days === 1 ? 'day' : 'days'}.`,
  },
  fr: {
    what: (noun, brand) => (brand === null ? `${noun}.` : `${noun} ${brand}.`),
    fit: { 'true to size': 'Taille normalement.', oversized: 'Coupe oversize.', undersized: 'Taille petit.' },
    madeOf: (shares) => `Composition : ${shares}.`,
    and: 'et',
    percent: (share, name) => `${share.percent} % ${name}`,
    colour: (names) => `${names.length > 1 ? 'Couleurs' : 'Couleur'} : ${list(names, 'et')}.`,
    condition: {
      'New with tags': 'Neuf avec étiquette.',
      'New without tags': 'Neuf sans étiquette.',
      'Like new': 'État : comme neuf.',
      'Very good': 'État : très bon.',
      Good: 'État : bon.',
      Fair: 'État : satisfaisant.',
      Poor: 'État : usé.',
    },
    preOwned: "Article d'occasion.",
    offers: 'Ouvert aux offres.',
    ships: (days) =>
      days === 0 ? 'Expédition le jour même.' : `Expédition sous ${days} ${days === 1 ? 'jour' : 'jours'}.`,
  },
  de: {
    what: (noun, brand) => (brand === null ? `${noun}.` : `${noun} von ${brand}.`),
    fit: {
      'true to size': 'Fällt normal aus.',
      oversized: 'Oversized geschnitten.',
      undersized: 'Fällt klein aus.',
    },
    madeOf: (shares) => `Material: ${shares}.`,
    and: 'und',
    percent: (share, name) => `${share.percent} % ${name}`,
    colour: (names) => `${names.length > 1 ? 'Farben' : 'Farbe'}: ${list(names, 'und')}.`,
    condition: {
      'New with tags': 'Neu mit Etikett.',
      'New without tags': 'Neu ohne Etikett.',
      'Like new': 'Zustand: wie neu.',
      'Very good': 'Zustand: sehr gut.',
      Good: 'Zustand: gut.',
      Fair: 'Zustand: akzeptabel.',
      Poor: 'Zustand: stark getragen.',
    },
    preOwned: 'Gebraucht.',
    offers: 'Preisvorschläge willkommen.',
    ships: (days) =>
      days === 0
        ? 'Versand am selben Tag.'
        : `Versand innerhalb von ${days} ${days === 1 ? 'Tag' : 'Tagen'}.`,
  },
  pl: {
    what: (noun, brand) => (brand === null ? `${noun}.` : `${noun} marki ${brand}.`),
    fit: {
      'true to size': 'Rozmiar zgodny z rozmiarówką.',
      oversized: 'Krój oversize.',
      undersized: 'Rozmiar zaniżony.',
    },
    madeOf: (shares) => `Skład: ${shares}.`,
    and: 'i',
    percent: (share, name) => `${share.percent}% ${name}`,
    colour: (names) => `${names.length > 1 ? 'Kolory' : 'Kolor'}: ${list(names, 'i')}.`,
    condition: {
      'New with tags': 'Stan: nowy z metką.',
      'New without tags': 'Stan: nowy bez metki.',
      'Like new': 'Stan: jak nowy.',
      'Very good': 'Stan: bardzo dobry.',
      Good: 'Stan: dobry.',
      Fair: 'Stan: dostateczny.',
      Poor: 'Stan: zły.',
    },
    preOwned: 'Stan: używany.',
    offers: 'Możliwa negocjacja ceny.',
    ships: (days) =>
      days === 0 ? 'Wysyłka tego samego dnia.' : `Wysyłka w ciągu ${days} ${days === 1 ? 'dnia' : 'dni'}.`,
  },
};

function capitaliseFirst(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function compositionSentence(shares: readonly FibreShare[], language: Language): string {
  const phrases = PHRASES[language];
  const parts = shares.map((share) => phrases.percent(share, fibreName(share.fibre, language)));
  // Polish labels list fibres with commas in the nominative; "i" would need the genitive.
  return phrases.madeOf(language === 'pl' ? parts.join(', ') : list(parts, phrases.and));
}

/** The description's sentences, in a fixed order: what, size, fit, material, colour, condition, offers, shipping. */
export function writeDescription(facts: ItemFacts, subject: Subject, language: Language): string {
  const phrases = PHRASES[language];
  const brand = facts.brand?.value ?? null;
  const sentences: string[] = [];
  if (subject.nounKey !== null || brand !== null) {
    sentences.push(phrases.what(capitaliseFirst(nounFor(subject, language).word), brand));
  }
  if (facts.size !== null) sentences.push(sizeSentence(facts.size.value, language));
  sentences.push(phrases.fit[facts.fit]);
  if (facts.composition !== null && facts.composition.value.length > 0) {
    sentences.push(compositionSentence(facts.composition.value, language));
  }
  if (facts.colours.value.length > 0) {
    sentences.push(phrases.colour(facts.colours.value.map((colour) => colourName(colour, language))));
  }
  if (facts.condition !== null) sentences.push(phrases.condition[facts.condition.value]);
  else if (facts.preOwned) sentences.push(phrases.preOwned);
  if (facts.openToOffers) sentences.push(phrases.offers);
  if (facts.shippingDays !== null) sentences.push(phrases.ships(facts.shippingDays));
  return tidy(sentences.join(' '));
}
