// Titles: brand first, then the words buyers search for (colour, a notable material, the item), then the
// size, in each language's natural order and agreement:
//   en "Zara Black Wool Coat Size M"        fr "Zara – manteau noir en laine, taille M"
//   de "Zara schwarzer Mantel aus Wolle, Gr. M"   pl "Zara czarny płaszcz wełniany, rozm. M"
import { type Language, tidy } from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import { colourAdjective, materialPhrase } from './lexicon';
import { titleSize } from './size-words';
import { nounFor, type Subject } from './subject';

const PRE_LOVED: Record<Language, string> = {
  en: 'Pre-loved Item',
  fr: 'Article de seconde main',
  de: 'Second-Hand-Artikel',
  pl: 'Rzecz z drugiej ręki',
};

function capitaliseFirst(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function titleCase(text: string): string {
  return text.replace(
    /(^|[\s-])(\p{Ll})/gu,
    (_, before: string, letter: string) => before + letter.toUpperCase(),
  );
}

/** The item phrase without brand or size: "Black Wool Coat", "manteau noir en laine", "czarny płaszcz wełniany". */
export function itemPhrase(subject: Subject, language: Language): string {
  const noun = nounFor(subject, language);
  const colour = subject.colours[0];
  // Jeans are denim by name in fr, de and pl; only English buyers search "denim jeans".
  const material =
    subject.material === null || (subject.material === 'denim' && language !== 'en')
      ? ''
      : materialPhrase(subject.material, language, noun);
  const adjective = colour === undefined ? '' : colourAdjective(colour, language, noun);
  switch (language) {
    case 'en':
      return titleCase(tidy(`${adjective} ${material} ${noun.word}`));
    case 'fr':
      return tidy(`${noun.word} ${adjective} ${material}`);
    case 'de':
      return tidy(`${adjective} ${noun.word} ${material}`);
    case 'pl': {
      // The material adjective follows the head noun: "bluza wełniana z kapturem".
      const [head = '', ...rest] = noun.word.split(' ');
      return tidy(`${adjective} ${head} ${material} ${rest.join(' ')}`);
    }
  }
}

/** The listing title; never empty, and never with a brand or size the facts do not hold. */
export function writeTitle(facts: ItemFacts, subject: Subject, language: Language): string {
  const brand = facts.brand?.value ?? '';
  // With neither brand nor kind of item, a colour alone ("Black Item") says less than an honest "pre-loved".
  const item = subject.nounKey === null && brand === '' ? PRE_LOVED[language] : itemPhrase(subject, language);
  const size = facts.size === null ? '' : titleSize(facts.size.value, language);
  switch (language) {
    case 'en':
      return tidy(`${brand} ${item} ${size}`);
    default: {
      const separator = language === 'fr' ? ' – ' : ' ';
      const head = brand === '' ? capitaliseFirst(item) : `${brand}${separator}${item}`;
      return tidy(size === '' ? head : `${head}, ${size}`);
    }
  }
}
