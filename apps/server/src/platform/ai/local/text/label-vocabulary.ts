// Words that make a label line a care, composition or size line in any of the six label languages. A brand
// is never read out of such a line by guesswork: "Only wash at 30°" is not the brand Only, and "Cotton" is
// not a misspelt brand. Words are in normaliseWords() form (lower case, no accents).
import { normaliseWords } from './normalise';

const LABEL_WORDS = new Set(
  [
    // English
    'made in wash washing washable machine hand dry clean cleaning iron ironing bleach tumble do not cool warm',
    'cold with similar colours colors inside out reshape flat line shade cotton polyester viscose elastane',
    'spandex wool nylon polyamide acrylic linen silk cashmere leather lining shell outer fabric composition',
    'body trim size style care fibre fiber content exclusive of decoration recycled organic',
    // French
    'lavage laver lavable main sec repassage repasser blanchir chlore fabrique coton laine soie lin doublure',
    'tissu taille composition nettoyage',
    // German
    'waschen wasche maschinenwasche schonwaschgang bugeln trocknen chemisch reinigen hergestellt baumwolle',
    'wolle seide leinen futter obermaterial grosse gr pflegehinweise',
    // Spanish and Italian
    'lavar lavado hecho algodon lana seda forro talla lavare lavaggio fatto cotone seta fodera taglia',
    // Polish
    'prac pranie prasowac wybielac wyprodukowano bawelna welna jedwab podszewka rozmiar sklad',
  ]
    .join(' ')
    .split(' '),
);

/** True when a word (in normaliseWords form) is ordinary label vocabulary. */
export function isLabelWord(word: string): boolean {
  return LABEL_WORDS.has(word);
}

/** True for care, composition and size lines: they hold a '%', a temperature, or label vocabulary. */
export function isCareOrCompositionLine(line: string): boolean {
  if (/%|\d\s*°/.test(line)) return true;
  return normaliseWords(line)
    .split(' ')
    .some((word) => LABEL_WORDS.has(word));
}
