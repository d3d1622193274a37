// Reads the item's size from label text (or takes the seller's), in whichever systems the label prints:
// letters, UK/EU/FR/IT/US numbers, jeans waist and leg, shoe sizes, children's ages and heights.
//
// One size becomes the listing's size; the others stay in the evidence. Preference, first found wins:
// jeans W/L, letters (S, M, XL), one size, children's age, children's height, then for shoes UK, EU, US,
// and for garments UK, EU, FR, IT, US, and last a bare number after a "Size" word. Letters come before
// numbers because they read the same in every country; UK comes first because Snaplist's default market is UK.
//
// Sizes are read only in a size context: a size word or system ("Size M", "UK 12"), or a line of nothing but
// sizes. A number glued to "%" or "°" is a share or a temperature, and RN, CA, style and cut numbers are
// registrations, so neither is ever read as a size; photos of the item itself are not read at all. A bare
// letter on a photo that OCR read as mostly junk is only offered to the seller (decision 015).
import type { FieldEvidence, FieldSuggestion } from '@snaplist/contract';
import type { Fact, PhotoText } from '../facts';
import { STATE_CONFIDENCE, SUGGEST_CONFIDENCE } from './confidence';
import { labelLines } from './label-lines';
import { lineEvidence, type PhotoLine, roundConfidence, stripAccents } from './normalise';

export type SizeSystem =
  | 'jeans'
  | 'letter'
  | 'one_size'
  | 'kids_age'
  | 'kids_height'
  | 'uk'
  | 'eu'
  | 'fr'
  | 'it'
  | 'us'
  | 'cn'
  | 'numeric';

export interface SizeReading {
  system: SizeSystem;
  /** Language-neutral display form: "M", "UK 12", "W32 L34", "3-4 years", "110 cm", "One Size". */
  display: string;
  /** The number, for country systems; used to tell shoe sizes from clothing sizes. */
  number: number | null;
}

/** What parseSize knows beyond the display string: the system, and whether the numbers are shoe sizes. */
export interface SizeFact extends Fact<string> {
  system: SizeSystem | null;
  isShoeSize: boolean;
}

const GARMENT_PREFERENCE: readonly SizeSystem[] = [
  'jeans',
  'letter',
  'one_size',
  'kids_age',
  'kids_height',
  'uk',
  'eu',
  'fr',
  'it',
  'us',
  'cn',
  'numeric',
];
const SHOE_PREFERENCE: readonly SizeSystem[] = ['uk', 'eu', 'us', 'numeric'];

/** Size words on labels in en, fr, de, es, it, pl, nl, pt (accents stripped, upper case). */
const SIZE_WORD = String.raw`(?:SIZE|TAILLE|T\.|GROSSE|GR\.?|TALLA|TAGLIA|TG\.?|ROZMIAR|ROZM\.?|MAAT|TAM\.?|TAMANHO)`;
const LETTER = `(?:XXXXL|XXXL|XXL|XL|[2-6]XL|XXXS|XXS|XS|S|M|L)`;
const LETTER_WORDS: Record<string, string> = {
  'EXTRA SMALL': 'XS',
  'X-SMALL': 'XS',
  XSMALL: 'XS',
  SMALL: 'S',
  MEDIUM: 'M',
  LARGE: 'L',
  'EXTRA LARGE': 'XL',
  'X-LARGE': 'XL',
  XLARGE: 'XL',
  'XX-LARGE': 'XXL',
  XXLARGE: 'XXL',
};
const LETTER_WORD = /EXTRA SMALL|X-?SMALL|SMALL|MEDIUM|EXTRA LARGE|XX-?LARGE|X-?LARGE|LARGE/g;
// "FREE" is a size only as "FREE SIZE" or alone on its line: "NICKEL FREE" and "PVC FREE" are not.
const ONE_SIZE =
  /ONE ?-?SIZE|TAILLE UNIQUE|EINHEITSGROSSE|ROZMIAR UNIWERSALNY|TALLA UNICA|TAGLIA UNICA|FREE ?SIZE|^ ?FREE ?$/;
const YEARS_WORD = `(?:YEARS?|YRS?|Y|ANS|JAHRE|J|LATA|LAT|ANOS|ANNI)`;
const MONTHS_WORD = `(?:MONTHS?|MTHS?|M|MOIS|MONATE|MIESIECY|MIES|MESES|MESI)`;
/** Children's height sizes in cm (the EU scale in 6 cm steps). */
const KIDS_HEIGHTS = new Set([
  50, 56, 62, 68, 74, 80, 86, 92, 98, 104, 110, 116, 122, 128, 134, 140, 146, 152, 158, 164, 170, 176,
]);
const SHOE_WORDS = /\b(SHOES?|CHAUSSURES?|SCHUHE?|ZAPATOS?|SCARPE|BUTY|OBUWIE|SNEAKERS?|TRAINERS?|BOOTS?)\b/;

/**
 * Numbers that are never sizes: shares ("52%VISCOSE"), temperatures ("30°C", "40 °F"), registration, vendor,
 * style, cut and reference numbers ("RN 54321", "CA12345", "STYLE# 4021", "CUT 88"), prices and long codes.
 */
const NOT_SIZES =
  /\d+(?:[.,]\d+)?\s?(?:%|°\s?[CF]?|º)|\b(?:RN|CA|VN|STYLE|CUT|REF|ART|SKU|LOT|PO|NO)\b\.?\s*[#:]?\s*[\d\s.]+|\d+[.,]\d{2}\s?(?:€|£|\$|ZL|PLN|EUR)?|\d{4,}/g;

/**
 * A size word or system with its value run into it, as PaddleOCR reads them: "ROZMIARL", "EURM", "UK12".
 * A plain S after a word is its plural ("SIZES", "TAILLES"), and country codes take only numbers glued on
 * ("ITS" is a word, not Italian size S).
 */
const GLUED_SIZE_KEY = new RegExp(
  `\\b(SIZE|TAILLE|GROSSE|TALLA|TAGLIA|ROZMIAR|MAAT|EUR)(?=(?!S\\b)${LETTER}\\b)|\\b(SIZE|TAILLE|GROSSE|TALLA|TAGLIA|ROZMIAR|MAAT|EUR|EU|UK|US|FR|IT)(?=\\d{1,2}\\b)`,
  'g',
);

/** Upper case, no accents, and the usual OCR slips in size text fixed ("S1ZE" -> "SIZE", "UK1O" -> "UK10"). */
export function prepareSizeText(line: string): string {
  return (
    stripAccents(line)
      .toUpperCase()
      .replace(/\b[S5][I1L!]Z[E3]\b/g, 'SIZE')
      .replace(/(?<=\d)O|O(?=\d)/g, '0')
      .replace(/(?<=\d)[I|](?=\d)|(?<=\b(?:UK|EUR?|US) ?)[I|](?=\d)/g, '1')
      // The reader runs a size word or system into its value ("RozmiarL", "EURM", "SIZE12"): part them.
      .replace(GLUED_SIZE_KEY, '$& ')
      .replace(NOT_SIZES, (match) => ' '.repeat(match.length))
      .replace(/\s+/g, ' ')
  );
}

function numberOf(text: string): number {
  return Number(text.replace(',', '.'));
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

interface Found {
  reading: SizeReading;
  /** Where in the prepared line it was found, so later patterns do not read it again. */
  start: number;
  end: number;
}

function collect(
  text: string,
  pattern: RegExp,
  build: (match: RegExpExecArray) => SizeReading | null,
): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(pattern)) {
    const reading = build(match);
    if (reading !== null) found.push({ reading, start: match.index, end: match.index + match[0].length });
  }
  return found;
}

function blank(text: string, found: readonly Found[]): string {
  let result = text;
  for (const item of found) {
    result = result.slice(0, item.start) + ' '.repeat(item.end - item.start) + result.slice(item.end);
  }
  return result;
}

const COUNTRY_SYSTEMS: Record<string, SizeSystem> = {
  UK: 'uk',
  EU: 'eu',
  EUR: 'eu',
  DE: 'eu',
  FR: 'fr',
  IT: 'it',
  US: 'us',
};

function countryReading(prefix: string, value: string): SizeReading | null {
  const system = COUNTRY_SYSTEMS[prefix];
  const number = numberOf(value);
  if (system === undefined || !Number.isFinite(number) || number > 60) return null;
  return { system, display: `${system.toUpperCase()} ${formatNumber(number)}`, number };
}

function jeansReading(waist: string, leg: string | undefined): SizeReading | null {
  const w = Number(waist);
  if (w < 22 || w > 48) return null;
  if (leg === undefined) return { system: 'jeans', display: `W${w}`, number: null };
  const l = Number(leg);
  if (l < 26 || l > 38) return null;
  return { system: 'jeans', display: `W${w} L${l}`, number: null };
}

/**
 * "30/32" is waist/leg, but "36/38" is a European double size: read a slash pair as jeans only when the
 * leg fits (26-36) and it is not a pair of neighbouring European sizes (38/40) above 30.
 */
function slashJeansReading(waist: string, leg: string): SizeReading | null {
  const w = Number(waist);
  const l = Number(leg);
  if (l > 36 || (l === w + 2 && w > 30)) return null;
  return jeansReading(waist, leg);
}

function ageReading(from: string, to: string | undefined, unit: 'years' | 'months'): SizeReading | null {
  const first = Number(from);
  const last = to === undefined ? first : Number(to);
  const limit = unit === 'years' ? 18 : 36;
  if (last > limit || first > last || (to === undefined && first === 0)) return null;
  const span = to === undefined ? `${first}` : `${first}-${last}`;
  return { system: 'kids_age', display: `${span} ${unit}`, number: null };
}

/** The sizes a line states outright: with a system prefix, W/L, an age, a height or "one size". */
function explicitSizes(text: string): Found[] {
  const jeans = [
    ...collect(text, /(?<![A-Z0-9])W ?(\d{2}) ?[/,-]? ?L ?(\d{2})(?!\d)/g, (m) =>
      jeansReading(m[1] ?? '', m[2]),
    ),
    ...collect(text, /\bWAIST ?:? ?(\d{2}) ?[/,-]? ?(?:LENGTH|LEG|INSEAM) ?:? ?(\d{2})(?!\d)/g, (m) =>
      jeansReading(m[1] ?? '', m[2]),
    ),
    ...collect(text, /(?<![0-9.])(\d{2}) ?W ?(\d{2}) ?L(?![A-Z])/g, (m) => jeansReading(m[1] ?? '', m[2])),
    ...collect(text, /(?<![0-9./])(\d{2}) ?[X×] ?(\d{2})(?![0-9/])/g, (m) => jeansReading(m[1] ?? '', m[2])),
    ...collect(text, /(?<![A-Z0-9./])(\d{2}) ?\/ ?(\d{2})(?![0-9/])/g, (m) =>
      slashJeansReading(m[1] ?? '', m[2] ?? ''),
    ),
  ];
  let rest = blank(text, jeans);
  // "W30" alone is a waist size; "w 30°" is a washing temperature on a Polish care label ("Prać w 30°").
  const waistOnly = collect(rest, /(?<![A-Z0-9])(?:W|WAIST ?:? ?)(\d{2})(?![\d°])/g, (m) =>
    jeansReading(m[1] ?? '', undefined),
  );
  rest = blank(rest, waistOnly);

  const ages = [
    ...collect(rest, new RegExp(String.raw`(\d{1,2}) ?[-–/] ?(\d{1,2}) ?${MONTHS_WORD}(?![A-Z])`, 'g'), (m) =>
      ageReading(m[1] ?? '', m[2], 'months'),
    ),
    ...collect(rest, new RegExp(String.raw`(\d{1,2}) ?[-–/] ?(\d{1,2}) ?${YEARS_WORD}(?![A-Z])`, 'g'), (m) =>
      ageReading(m[1] ?? '', m[2], 'years'),
    ),
  ];
  rest = blank(rest, ages);
  const singleAges = [
    ...collect(rest, /\bAGES? ?(\d{1,2})(?!\d)/g, (m) => ageReading(m[1] ?? '', undefined, 'years')),
    ...collect(rest, new RegExp(String.raw`(?<![\d-])(\d{1,2}) ?${YEARS_WORD}(?![A-Z])`, 'g'), (m) =>
      ageReading(m[1] ?? '', undefined, 'years'),
    ),
  ];
  rest = blank(rest, singleAges);

  const heights = collect(rest, /(?<!\d)(\d{2,3}) ?CM\b/g, (m) =>
    KIDS_HEIGHTS.has(Number(m[1]))
      ? { system: 'kids_height', display: `${m[1]} cm`, number: Number(m[1]) }
      : null,
  );
  rest = blank(rest, heights);

  // "EU 2XL" is a letter size with its system, never "EU 2".
  const countries = collect(
    rest,
    /(?<![A-Z])(UK|EUR|EU|DE|FR|IT|US) ?(\d{1,2}(?:[.,]5)?)(?![0-9]|X+[LS])/g,
    (m) => countryReading(m[1] ?? '', m[2] ?? ''),
  );
  rest = blank(rest, countries);
  // Chinese letter sizes run larger than European ones (CN 3XL is about EU XXL), so they keep their system.
  const chinese = collect(rest, new RegExp(`(?<![A-Z])CN ?(${LETTER})(?![A-Z0-9])`, 'g'), (m) => ({
    system: 'cn',
    display: `CN ${m[1] ?? ''}`,
    number: null,
  }));
  rest = blank(rest, chinese);

  const oneSize = collect(rest, new RegExp(ONE_SIZE.source, 'g'), () => ({
    system: 'one_size',
    display: 'One Size',
    number: null,
  }));
  return [...jeans, ...waistOnly, ...ages, ...singleAges, ...heights, ...countries, ...chinese, ...oneSize];
}

/** A line is a size line when it names size, or holds nothing but size tokens ("M", "M / UK 12 / EU 40"). */
function isSizeLine(text: string, explicit: readonly Found[]): boolean {
  if (namesSize(text)) return true;
  const leftover = blank(text, explicit)
    .replace(LETTER_WORD, ' ')
    .replace(new RegExp(`(?<![A-Z0-9])${LETTER}(?![A-Z0-9])`, 'g'), ' ')
    // A country prefix before a letter size ("EUR M", "INT L", "USA S") does not make the line any less a
    // size line, nor do the Mexican and Chinese sizes printed beside it ("MEX 26", "CN 165/84A").
    .replace(/(?<![A-Z])(?:MEX|CN) ?\d{2,3}(?:\/\d{2,3}[A-Z]?)?(?![0-9])/g, ' ')
    .replace(/(?<![A-Z])(?:UK|EUR|EU|USA|US|IT|FR|DE|INT|CN)(?![A-Z])/g, ' ')
    // The European number printed beside a letter size ("L/40", "XS (34-36)") is part of it.
    .replace(letterSizeIn(text) ? /(?<![0-9])\d{2}(?: ?- ?\d{2})?(?![0-9])/g : /$^/g, ' ')
    .replace(/\bOS\b|[/|,;:()\-\s]/g, '');
  return leftover === '' && text.trim() !== '';
}

/** True when the line holds a letter size standing as a word ("XS/34", "L", "EUR M"). */
function letterSizeIn(text: string): boolean {
  return new RegExp(`(?<![A-Z0-9])${LETTER}(?![A-Z0-9])`).test(text);
}

/** Letter sizes and bare numbers: read only on size lines, where a lone "M" or "12" means a size. */
function sizeLineSizes(text: string, explicit: readonly Found[]): Found[] {
  let rest = blank(text, explicit);
  const words = collect(rest, LETTER_WORD, (m) => ({
    system: 'letter',
    display: LETTER_WORDS[m[0]] ?? m[0],
    number: null,
  }));
  rest = blank(rest, words);
  const letters = collect(rest, new RegExp(`(?<![A-Z0-9])(${LETTER})(?![A-Z0-9])`, 'g'), (m) => ({
    system: 'letter',
    display: m[1] ?? '',
    number: null,
  }));
  rest = blank(rest, letters);
  const oneSize = collect(rest, /(?<![A-Z])OS(?![A-Z])/g, () => ({
    system: 'one_size',
    display: 'One Size',
    number: null,
  }));
  rest = blank(rest, oneSize);
  const besideLetter =
    letters.length === 1
      ? collect(rest, /(?<![0-9])(\d{2})(?: ?- ?(\d{2}))?(?![0-9])/g, (m) => {
          const number = Number(m[1]);
          if (number < 30 || number > 60) return null;
          return {
            system: 'numeric',
            display: m[2] === undefined ? (m[1] ?? '') : `${m[1]}-${m[2]}`,
            number,
          };
        })
      : [];
  rest = blank(rest, besideLetter);
  const numbers = collect(
    rest,
    new RegExp(String.raw`(?<![A-Z])${SIZE_WORD} ?:? ?(\d{1,3}(?:[.,]5)?)(?![0-9])`, 'g'),
    (m) => {
      const number = numberOf(m[1] ?? '');
      if (KIDS_HEIGHTS.has(number) && number >= 62)
        return { system: 'kids_height', display: `${number} cm`, number };
      return number <= 60 ? { system: 'numeric', display: formatNumber(number), number } : null;
    },
  );
  return [...words, ...letters, ...oneSize, ...besideLetter, ...numbers];
}

interface LineReading extends SizeReading {
  line: PhotoLine;
  /** 0..1: how sure the reading is (see sizeConfidence). */
  confidence: number;
}

/**
 * Below this OCR confidence a photo is mostly texture read as letters ("Sas", "Ss", "M"): a bare letter there
 * is noise, so only sizes that name themselves ("Size M", "UK 12") are read from it.
 */
const BARE_SIZE_MIN_CONFIDENCE = 0.6;

/** A size word standing as a word: "GR. M" names a size, "GREEN" does not. */
const NAMES_SIZE = new RegExp(`(?<![A-Z])${SIZE_WORD}(?![A-Z])`);

function namesSize(text: string): boolean {
  return NAMES_SIZE.test(text);
}

/** A bare size below the care text of a care label is as likely a stray letter of that text. */
const BELOW_CARE_FACTOR = 0.6;

/**
 * A size that names itself (a size word, a system, W/L, an age) is as sure as the line's reading; a bare
 * letter or number on a line of its own also answers for how much of the photo is junk, since texture read
 * as letters is full of lone "M"s and "L"s, and for sitting below the care text of a care label.
 */
function sizeConfidence(line: PhotoLine, named: boolean, noise: number, belowCare: boolean): number {
  const ocr = 0.7 + 0.3 * line.confidence;
  if (named) return roundConfidence(0.95 * ocr);
  return roundConfidence(0.88 * ocr * (1 - noise) * (belowCare ? BELOW_CARE_FACTOR : 1));
}

/** Letter sizes are printed in capitals: a lone lower-case "m" or "s" is a piece of a word. */
function isLowerCaseLetters(text: string): boolean {
  return /\p{Ll}/u.test(text) && !/\p{Lu}/u.test(text);
}

/**
 * A bare size (a letter or number with no size word or system) is believed only where a label prints one:
 * on a photo the reader judged a label, on a line read with some confidence, in capitals, and not among the
 * care text of a care label, where a lone "M" or "L" is a piece of the instructions.
 */
function trustsBareSizes(source: SizeSource, named: boolean): boolean {
  if (named) return true;
  return (
    source.kind === 'label' &&
    !source.belowCare &&
    source.line.confidence >= BARE_SIZE_MIN_CONFIDENCE &&
    !isLowerCaseLetters(source.line.text)
  );
}

/** Where a size is read: a label line, or a header line of systems with the values printed under it. */
interface SizeSource {
  line: PhotoLine;
  /** The text to read, prepared (prepareSizeText); a header and its values are read as one. */
  text: string;
  noise: number;
  belowCare: boolean;
  kind: PhotoText['kind'];
}

const HEADER_SYSTEMS = ['UK', 'EUR', 'EU', 'USA', 'US', 'FR', 'IT', 'DE', 'CN'] as const;
/** A row of size systems printed above their values ("UK EUR", "EUR UK US", "CN"). */
const SYSTEM_HEADER = new RegExp(`^(?:(?:${HEADER_SYSTEMS.join('|')})(?: ?[/|] ?| |$))+$`);
/** A row of values under such a header: numbers, or a letter size ("3XL" under "CN"). */
const VALUE_ROW = new RegExp(`^(?:\\d{1,6}|${LETTER})(?: ?[/| ] ?(?:\\d{1,3}|${LETTER}))*$`);

/** The numbers each system's clothing and shoe sizes fall in, to split values the reader ran together. */
const SYSTEM_RANGES: Record<string, [number, number]> = {
  UK: [2, 32],
  US: [0, 24],
  EU: [30, 62],
  EUR: [30, 62],
  FR: [30, 62],
  IT: [34, 62],
  DE: [30, 62],
};

function plausibleFor(system: string, value: string): boolean {
  const range = SYSTEM_RANGES[system];
  if (range === undefined || value.startsWith('0')) return false;
  const number = Number(value);
  return number >= range[0] && number <= range[1];
}

/** Ways to cut a run of digits into one value per system, each of one or two digits and plausible for it. */
function splitsOf(digits: string, systems: readonly string[]): string[][] {
  const [system, ...others] = systems;
  if (system === undefined) return digits === '' ? [[]] : [];
  const found: string[][] = [];
  for (const length of [1, 2]) {
    const value = digits.slice(0, length);
    if (value.length !== length || !plausibleFor(system, value)) continue;
    for (const rest of splitsOf(digits.slice(length), others)) found.push([value, ...rest]);
  }
  return found;
}

/**
 * "UK 8 EUR 36" from a header row and the values printed under it, in the header's order. Values the reader
 * ran together ("40128" under "EUR UK US") are cut only when exactly one cut fits every system; a value that
 * cannot be its system's size skips to the next system ("36" under "UK EUR" is the EUR size).
 */
function pairWithHeader(systems: readonly string[], values: readonly string[]): string | null {
  const cuts = values.length === 1 && systems.length > 1 ? splitsOf(values[0] ?? '', systems) : [];
  const [onlyCut] = cuts;
  if (cuts.length === 1 && onlyCut !== undefined)
    return systems.map((system, index) => `${system} ${onlyCut[index] ?? ''}`).join(' ');
  const pairs: string[] = [];
  let next = 0;
  for (const value of values) {
    const isLetter = /[A-Z]/.test(value);
    while (next < systems.length && !isLetter && !plausibleFor(systems[next] ?? '', value)) next += 1;
    const system = systems[next];
    if (system === undefined) break;
    if (isLetter && system !== 'CN' && system !== 'EU' && system !== 'EUR' && system !== 'US') break;
    pairs.push(`${system} ${value}`);
    next += 1;
  }
  return pairs.length === 0 ? null : pairs.join(' ');
}

/** A monogram is printed smaller than the name under it, by at least this ratio of letter heights. */
const MONOGRAM_NAME_RATIO = 1.5;

/**
 * A lone letter above a name in larger type that starts with it is the name's monogram (a circled "M" over
 * MONKI), not a size.
 */
function isMonogram(text: string, line: PhotoLine, next: PhotoLine): boolean {
  const name = stripAccents(next.text).toUpperCase().trim();
  return (
    /^[A-Z]$/.test(text) &&
    next.letterHeight >= MONOGRAM_NAME_RATIO * line.letterHeight &&
    /^[A-Z]{3,}/.test(name) &&
    name.startsWith(text)
  );
}

/** Most rows of values read under one header row. */
const MAX_VALUE_ROWS = 3;

/**
 * The label lines to read sizes from. A header row of systems is read with the rows of values under it, and
 * a waist line with the length line under it ("WAIST 33" / "LENGTH 30"), each pair as one line.
 */
function sizeSources(texts: readonly PhotoText[]): SizeSource[] {
  const lines = labelLines(texts);
  const sources: SizeSource[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const current = lines[index];
    if (current === undefined) continue;
    const text = prepareSizeText(current.line.text).trim();
    const source = { ...current, text };
    const following = (offset: number) => {
      const next = lines[index + offset];
      return next !== undefined && next.line.photo === current.line.photo ? next : undefined;
    };
    if (SYSTEM_HEADER.test(text)) {
      const values: string[] = [];
      let rows = 0;
      for (let offset = 1; offset <= MAX_VALUE_ROWS; offset += 1) {
        const row = following(offset);
        // Not prepareSizeText: values run together ("40128") would read as a long code and be blanked.
        const rowText = row === undefined ? '' : stripAccents(row.line.text).toUpperCase().trim();
        if (row === undefined || !VALUE_ROW.test(rowText)) break;
        values.push(...rowText.split(/ ?[/| ] ?/));
        rows = offset;
      }
      const systems = text.split(/ ?[/| ] ?/).filter(Boolean);
      const paired = rows === 0 ? null : pairWithHeader(systems, values);
      const valueLine = following(rows);
      if (paired !== null && valueLine !== undefined) {
        // The evidence quotes the header with its values, as printed, not the last row alone.
        const printed = Array.from({ length: rows + 1 }, (_, offset) => following(offset)?.line.text)
          .filter(Boolean)
          .join(' / ');
        sources.push({ ...valueLine, line: { ...valueLine.line, text: printed }, text: paired });
        index += rows;
        continue;
      }
    }
    const next = following(1);
    if (next !== undefined && isMonogram(text, current.line, next.line)) continue;
    if (/WAIST ?:? ?\d{2} ?$/.test(text) && next !== undefined) {
      const nextText = prepareSizeText(next.line.text).trim();
      if (/^(?:LENGTH|LEG|INSEAM) ?:? ?\d{2}$/.test(nextText)) {
        sources.push({ ...source, text: `${text} ${nextText}` });
        index += 1;
        continue;
      }
    }
    sources.push(source);
  }
  return sources;
}

/** Every size reading in the text, in reading order; photos of the item itself are not read. */
export function readSizes(texts: readonly PhotoText[]): LineReading[] {
  const readings: LineReading[] = [];
  for (const source of sizeSources(texts)) {
    const { text, line } = source;
    const explicit = explicitSizes(text);
    const sizeLine = isSizeLine(text, explicit);
    const implicit = sizeLine ? sizeLineSizes(text, explicit) : [];
    // A letter printed with its European number ("L/40", "XS (34-36)") names itself as much as "EU 40".
    const paired = implicit.some((found) => found.reading.system === 'letter') && implicit.length > 1;
    const named = namesSize(text) || paired;
    const trusted = trustsBareSizes(source, named);
    for (const found of [...explicit, ...implicit].sort((a, b) => a.start - b.start)) {
      const isExplicit = explicit.includes(found);
      if (!isExplicit && !trusted) continue;
      const confidence = sizeConfidence(line, named || isExplicit, source.noise, source.belowCare);
      readings.push({ ...found.reading, line, confidence });
    }
  }
  return readings;
}

function numberIn(readings: readonly SizeReading[], system: SizeSystem): number | null {
  return readings.find((reading) => reading.system === system)?.number ?? null;
}

/**
 * Shoe or clothing? Half sizes, odd UK/EU numbers and UK sizes under 4 are shoe sizes; so are UK/EU and UK/US
 * pairs that follow the shoe conversion (EU = UK + 33/34, US = UK + 1/2) rather than the clothing one
 * (EU = UK + 28, US = UK - 4).
 */
export function looksLikeShoeSizes(readings: readonly SizeReading[], text: string): boolean {
  if (SHOE_WORDS.test(stripAccents(text).toUpperCase())) return true;
  const uk = numberIn(readings, 'uk');
  const eu = numberIn(readings, 'eu');
  const us = numberIn(readings, 'us');
  const countryNumbers = readings.filter((reading) => ['uk', 'eu', 'us'].includes(reading.system));
  if (countryNumbers.some((reading) => reading.number !== null && !Number.isInteger(reading.number)))
    return true;
  if (uk !== null && (uk < 4 || uk % 2 === 1)) return true;
  if (eu !== null && eu >= 35 && eu <= 47 && eu % 2 === 1) return true;
  if (uk !== null && eu !== null) return eu - uk >= 31;
  if (uk !== null && us !== null) return us > uk;
  return false;
}

function choosePrimary<T extends SizeReading>(readings: readonly T[], shoe: boolean): T | null {
  const preference = shoe ? [...SHOE_PREFERENCE, ...GARMENT_PREFERENCE] : GARMENT_PREFERENCE;
  for (const system of preference) {
    const reading = readings.find((candidate) => candidate.system === system);
    if (reading !== undefined) return reading;
  }
  return null;
}

function labelEvidence(reading: LineReading): FieldEvidence {
  return lineEvidence(reading.line, `size.${reading.system}`, reading.confidence);
}

/**
 * The seller's size, exactly as typed (trimmed). Read as a size only to learn its system, so a waist/leg or
 * shoe size still points to the category.
 */
function sizeFromHint(hint: string): SizeFact {
  const text = `SIZE ${hint}`;
  const whole = { left: 0, top: 0, width: 1, height: 1 };
  const line = { text, confidence: 1, box: whole, letterHeight: 0, angle: 0 };
  const readings = readSizes([{ photo: 1, text, confidence: 1, kind: 'label', lines: [line] }]);
  const only = readings.length === 1 ? readings[0] : undefined;
  return {
    value: hint,
    system: only?.system ?? null,
    isShoeSize: looksLikeShoeSizes(readings, hint),
    evidence: [{ source: 'seller_hint', text: hint, rule: 'size.seller_hint', confidence: 1 }],
  };
}

export interface SizeReadingResult {
  /** The size to state, with its system, or null. */
  fact: SizeFact | null;
  /** A size read too weakly to state, for the seller to confirm, or null. */
  suggestion: FieldSuggestion | null;
}

function distinctByDisplay(readings: readonly LineReading[], first: SizeReading): LineReading[] {
  const distinct = readings.filter(
    (reading, index) => readings.findIndex((other) => other.display === reading.display) === index,
  );
  return [
    ...distinct.filter((reading) => reading.display === first.display),
    ...distinct.filter((reading) => reading.display !== first.display),
  ];
}

/** Systems a size may be restated in after the main size; ages, W/L and one size are complete as they are. */
const RESTATED_SYSTEMS = new Set<SizeSystem>(['letter', 'uk', 'eu', 'fr', 'it', 'us', 'cn', 'numeric']);
/** At most this many other systems follow the main size. */
const MAX_OTHER_SYSTEMS = 3;

/**
 * The size as printed with the other systems the same label prints it in: "M (EU 38, UK 10)", "XS (34)",
 * "UK 12 (EU 40, US 8)". Only sizes read from the main size's photo, one per system, in reading order.
 */
function withOtherSystems(primary: LineReading, stated: readonly LineReading[]): string {
  if (!RESTATED_SYSTEMS.has(primary.system)) return primary.display;
  const others: string[] = [];
  const systems = new Set<SizeSystem>([primary.system]);
  for (const reading of stated) {
    if (reading.line.photo !== primary.line.photo || !RESTATED_SYSTEMS.has(reading.system)) continue;
    if (systems.has(reading.system) || reading.display === primary.display) continue;
    systems.add(reading.system);
    others.push(reading.display);
  }
  const shown = others.slice(0, MAX_OTHER_SYSTEMS);
  return shown.length === 0 ? primary.display : `${primary.display} (${shown.join(', ')})`;
}

/**
 * The item's size: the seller's hint when given; otherwise the preferred system among the sizes read with
 * enough confidence to state, or, when none is, the surest weaker reading as a suggestion.
 */
export function readSizeWithSuggestion(texts: readonly PhotoText[], hint: string): SizeReadingResult {
  const trimmedHint = hint.trim().replace(/\s+/g, ' ');
  if (trimmedHint !== '') return { fact: sizeFromHint(trimmedHint), suggestion: null };

  const readings = readSizes(texts);
  const allText = texts.map((photoText) => photoText.text).join('\n');
  const shoe = looksLikeShoeSizes(readings, allText);
  const stated = readings.filter((reading) => reading.confidence >= STATE_CONFIDENCE);
  const primary = choosePrimary(stated, shoe);
  if (primary !== null) {
    return {
      fact: {
        value: withOtherSystems(primary, stated),
        system: primary.system,
        isShoeSize: shoe,
        evidence: distinctByDisplay(stated, primary).map(labelEvidence),
      },
      suggestion: null,
    };
  }
  const weak = readings.filter((reading) => reading.confidence >= SUGGEST_CONFIDENCE);
  const surest = weak.reduce<LineReading | null>(
    (best, reading) => (best === null || reading.confidence > best.confidence ? reading : best),
    null,
  );
  if (surest === null) return { fact: null, suggestion: null };
  const evidence = weak.filter((reading) => reading.display === surest.display).map(labelEvidence);
  return { fact: null, suggestion: { field: 'size', value: surest.display, evidence } };
}

/** The size to state with its system, for callers that also need to know what kind of size it is. */
export function readSize(texts: readonly PhotoText[], hint: string): SizeFact | null {
  return readSizeWithSuggestion(texts, hint).fact;
}

/** The item's size: the seller's hint when given, otherwise a size on the label read confidently enough. */
export function parseSize(texts: readonly PhotoText[], hint: string): Fact<string> | null {
  const fact = readSize(texts, hint);
  return fact === null ? null : { value: fact.value, evidence: fact.evidence };
}
