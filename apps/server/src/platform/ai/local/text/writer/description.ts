// Descriptions a reseller would post: what it is, the fabric with its feel and care, fit, size with a prompt
// to ask for measurements, condition in the seller's words, offers and shipping. Short sentences, each ending
// with a full stop (the UI starts a new line after each one). Only what the facts hold: no filler, no
// superlatives, no measurements, no grade or flaw the seller did not give.
import {
  type Category,
  type FibreShare,
  type Language,
  type ListingCondition,
  tidy,
} from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import { fabricSentences } from './fabric';
import { colourAdjective, colourName, fibreName, materialPhrase } from './lexicon';
import { sizeSentence } from './size-words';
import { nounFor, type Subject } from './subject';
import { itemPhrase } from './title';

interface Phrases {
  what: (noun: string, brand: string | null) => string;
  brandOnly: (brand: string) => string;
  measurements: string;
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
    brandOnly: (brand) => `Brand: ${brand}.`,
    measurements: 'Message me for measurements before you buy.',
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
    preOwned: 'Condition: pre-owned.',
    offers: 'Open to offers.',
    ships: (days) =>
      days === 0 ? 'Ships the same day.' : `Ships within ${days} ${days === 1 ? 'day' : 'days'}.`,
  },
  fr: {
    what: (noun, brand) => (brand === null ? `${noun}.` : `${noun} de la marque ${brand}.`),
    brandOnly: (brand) => `Marque : ${brand}.`,
    measurements: "Mesures sur demande : envoyez-moi un message avant d'acheter.",
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
    preOwned: "État : d'occasion.",
    offers: 'Ouvert aux offres.',
    ships: (days) =>
      days === 0 ? 'Expédition le jour même.' : `Expédition sous ${days} ${days === 1 ? 'jour' : 'jours'}.`,
  },
  de: {
    what: (noun, brand) => (brand === null ? `${noun}.` : `${noun} von ${brand}.`),
    brandOnly: (brand) => `Marke: ${brand}.`,
    measurements: 'Maße gern auf Anfrage, schreib mir vor dem Kauf eine Nachricht.',
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
    preOwned: 'Zustand: gebraucht.',
    offers: 'Preisvorschläge willkommen.',
    ships: (days) =>
      days === 0
        ? 'Versand am selben Tag.'
        : `Versand innerhalb von ${days} ${days === 1 ? 'Tag' : 'Tagen'}.`,
  },
  pl: {
    what: (noun, brand) => (brand === null ? `${noun}.` : `${noun} marki ${brand}.`),
    brandOnly: (brand) => `Marka: ${brand}.`,
    measurements: 'Wymiary podam w wiadomości, napisz przed zakupem.',
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

const UNFITTED: ReadonlySet<Category> = new Set(['Bags', 'Jewelry']);

/** Whether the description says how the item fits: bags and jewellery are not worn to a size. */
export function saysFit(subject: Subject): boolean {
  return subject.category === null || !UNFITTED.has(subject.category);
}

/** "Black wool coat" in English, the title's item phrase elsewhere ("Manteau noir en laine"). */
function whatPhrase(subject: Subject, language: Language): string {
  if (language !== 'en') return capitaliseFirst(itemPhrase(subject, language));
  const noun = nounFor(subject, 'en');
  const colour = subject.colours[0];
  const words = [
    subject.department === 'kids' ? "kids'" : '',
    colour === undefined ? '' : colourAdjective(colour, 'en', noun),
    subject.material === null ? '' : materialPhrase(subject.material, 'en', noun).toLowerCase(),
    noun.word.toLowerCase(),
  ];
  return capitaliseFirst(tidy(words.join(' ')));
}

/**
 * The description's sentences, in the order a buyer reads them: what it is, fabric (composition, feel,
 * care), fit, size and measurements, colours not already said, condition, offers, shipping.
 */
export function writeDescription(facts: ItemFacts, subject: Subject, language: Language): string {
  const phrases = PHRASES[language];
  const brand = facts.brand?.value ?? null;
  const sentences: string[] = [];
  const named = subject.nounKey !== null;
  if (named) sentences.push(phrases.what(whatPhrase(subject, language), brand));
  else if (brand !== null) sentences.push(phrases.brandOnly(brand));
  if (facts.composition !== null && facts.composition.value.length > 0) {
    sentences.push(compositionSentence(facts.composition.value, language));
    sentences.push(...fabricSentences(facts.composition.value, language));
  }
  if (saysFit(subject)) sentences.push(phrases.fit[facts.fit]);
  if (facts.size !== null) sentences.push(sizeSentence(facts.size.value, language));
  sentences.push(phrases.measurements);
  // A named item's opening sentence already has its first colour: the colours get a line only with a second.
  const colours = facts.colours.value;
  if (colours.length > (named ? 1 : 0)) {
    sentences.push(phrases.colour(colours.map((colour) => colourName(colour, language))));
  }
  if (facts.condition !== null) sentences.push(phrases.condition[facts.condition.value]);
  else if (facts.preOwned) sentences.push(phrases.preOwned);
  if (facts.openToOffers) sentences.push(phrases.offers);
  if (facts.shippingDays !== null) sentences.push(phrases.ships(facts.shippingDays));
  return tidy(sentences.join(' '));
}
