// Words that make a label line a care, composition, origin or size line in the label languages. A brand
// is never read out of such a line by guesswork: "Only wash at 30°" is not the brand Only, and "Cotton" is
// not a misspelt brand. Words are in normaliseWords() form (lower case, no accents).
import { normaliseWords } from './normalise';

const LABEL_WORDS = new Set(
  [
    // English
    'made in wash washing washable machine hand dry clean cleaning iron ironing bleach tumble do not cool warm',
    'cold with similar colours colors inside out reshape flat line shade cotton polyester viscose elastane',
    'spandex wool nylon polyamide acrylic linen silk cashmere leather lining shell outer fabric composition',
    'body trim size style care fibre fiber content exclusive of decoration recycled organic gentle cycle',
    'delicate separately colour colors like needed damp reshape remove promptly lay steam professional',
    'dryer chlorine non mesh garment reverse side label temperature low imported rn vn ca',
    // Countries of origin: an origin line ("VIETNAM", "Made in China") is never a brand line.
    'china chine vietnam bangladesh cambodia cambodge camboya india inde indonesia turkey turquie pakistan',
    'myanmar portugal italy italie morocco maroc tunisia romania egypt mexico sri lanka thailand prc cina',
    'chiny prodotto fabricado feito gemaakt',
    // French
    'lavage laver lavable main sec repassage repasser blanchir chlore fabrique coton laine soie lin doublure',
    'tissu taille composition nettoyage froide eau couleurs semblables secher plat javel javeliser',
    'javellisant chlore doux tambour envers humide remodeler nettoyer basse temperature besoin seulement',
    // German
    'waschen wasche maschinenwasche schonwaschgang bugeln trocknen chemisch reinigen hergestellt baumwolle',
    'wolle seide leinen futter obermaterial grosse gr pflegehinweise nicht bleichen schonend links',
    // Spanish and Italian
    'lavar lavado hecho algodon lana seda forro talla lavare lavaggio fatto cotone seta fodera taglia',
    'agua fria secar plancha lejia blanqueador acqua fredda stirare candeggiare asciugare secco secca tela',
    'tessuto',
    // Polish
    'prac pranie prasowac wybielac wyprodukowano bawelna welna jedwab podszewka rozmiar sklad',
  ]
    .join(' ')
    .split(' '),
);

/** Words that name the size; a size line is label text, but not care text. */
const SIZE_WORDS = new Set(['size', 'taille', 'grosse', 'gr', 'talla', 'taglia', 'rozmiar']);

/** True when a word (in normaliseWords form) is ordinary label vocabulary. */
export function isLabelWord(word: string): boolean {
  return LABEL_WORDS.has(word);
}

/** Label words long enough that finding one inside a run of letters is no accident ("MACHINEWASH"). */
const LONG_LABEL_WORDS = [...LABEL_WORDS].filter((word) => word.length >= 5);

/**
 * True when a word (in normaliseWords form) holds a long label word, as the reader's runs of letters with the
 * spaces dropped do ("machinewasi", "donotbleach").
 */
export function containsLabelWord(word: string): boolean {
  return LABEL_WORDS.has(word) || LONG_LABEL_WORDS.some((labelWord) => word.includes(labelWord));
}

/**
 * Running text rather than a line of its own: it ends mid-sentence (",", ";", ":", a hyphenated break) or
 * holds a sentence break ("WASH COLD. DO NOT TUMBLE"). A brand is printed as a name, not inside a sentence.
 */
export function isRunningText(line: string): boolean {
  return /[,;:-]\s*$/.test(line) || /\.\s+\p{L}/u.test(line);
}

/** True for care, composition and size lines: they hold a '%', a temperature, or label vocabulary. */
export function isCareOrCompositionLine(line: string): boolean {
  if (/%|\d\s*°/.test(line)) return true;
  return normaliseWords(line)
    .split(' ')
    .some((word) => LABEL_WORDS.has(word));
}

/** True for care, composition and origin lines; unlike isCareOrCompositionLine, not for size lines. */
export function isCareText(line: string): boolean {
  if (/%|\d\s*°/.test(line)) return true;
  return normaliseWords(line)
    .split(' ')
    .some((word) => LABEL_WORDS.has(word) && !SIZE_WORDS.has(word));
}
