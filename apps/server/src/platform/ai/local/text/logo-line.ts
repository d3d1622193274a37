// The brand as a person reads it off a label when the name is in no list: the logo line, printed in the
// label's largest type at its top. A label prints plenty of other large words (a size, "MADE IN ITALY", a
// care heading) and a T-shirt print looks like a logo too, so the line must be shaped like a name, on a photo
// the reader judged a label that also carries label text (a composition, care text, a size or a registration
// or model number), and be read cleanly. How far it is believed follows how clearly it is the largest type.
import type { FieldEvidence } from '@snaplist/contract';
import type { PhotoText } from '../facts';
import { median } from '../median';
import { canonicalFibre } from './composition';
import { itemTypeFromText } from './item-type';
import { containsLabelWord, isCareOrCompositionLine, isCareText } from './label-vocabulary';
import {
  lineEvidence,
  normaliseWords,
  type PhotoLine,
  roundConfidence,
  stripAccents,
  toLines,
} from './normalise';
import { readSizes } from './size';

export interface LogoBrand {
  name: string;
  line: PhotoLine;
  evidence: FieldEvidence;
  /** True when the line stands clearly above the rest of the label's print. */
  dominant: boolean;
}

/** Registration, model, style, lot and article numbers: label text, never a brand. */
const CODE_LINE =
  /\b(?:RN|CA|VN|STYLE|MODEL|CUT|REF|ART|SKU|LOT|PO|NO)\b\.?\s*(?:NO)?\.?\s*[#:]?\s*\d|\d{4,}/i;
/** Symbols a logo carries after its name, and what the reader makes of them ("PURLIN°", "Ocun+", "NAME®"). */
const TRAILING_MARKS = /[\s+°®™©*.,:;!]+$/u;
/** A name: one to three words of letters (with ' & . -), no digits. */
const NAME_SHAPE = /^\p{L}[\p{L}'&.-]*(?: \p{L}[\p{L}'&.-]*){0,2}$/u;
const MIN_NAME_LETTERS = 4;
/** Words of up to three letters: size systems, initials, fillers. */
const SHORT_WORD_LENGTH = 3;
/** The logo line is among the label's first lines in reading order. */
const LOGO_LINE_MAX_INDEX = 1;
/** Its type is at least this share of the photo's largest type (ties with a heading are common). */
const LOGO_SHARE_OF_LARGEST = 0.9;
/** It stands clearly above the rest when its type is this much larger than the median line's. */
const DOMINANT_RATIO = 1.15;
/** Below this line confidence a logo word is as likely a misreading as a name: not even asked about. */
const MIN_LINE_CONFIDENCE = 0.8;
/** A dominant, cleanly read logo line states the brand; a weaker one only asks the seller. */
const DOMINANT_FACTOR = 0.85;
const PLAIN_FACTOR = 0.7;

/**
 * The name as printed without the marks after it. A last "O" or "0" may be a misread ® too, or a letter of
 * the name ("MANG0"): that is left to the brand list (brand-match.ts) and isAmbiguousTrailingO.
 */
export function withoutTrailingMarks(text: string): string {
  return text.replace(TRAILING_MARKS, '');
}

/** The photo carries text only labels print: a composition, care text, a size, or a code. */
function carriesLabelText(photoText: PhotoText, lines: readonly PhotoLine[], logo: PhotoLine): boolean {
  const others = lines.filter((line) => line !== logo);
  const careLines = others.filter((line) => isCareText(line.text) && !/^made ?in\b/i.test(line.text));
  return (
    others.some((line) => /%|\d\s*°/.test(line.text) || CODE_LINE.test(line.text)) ||
    careLines.length >= 2 ||
    readSizes([{ ...photoText, lines: photoText.lines.filter((line) => line.text !== logo.text) }]).length > 0
  );
}

/** A line shaped like a brand name, not a word a label prints for another reason. */
function isNameShaped(name: string): boolean {
  if (!NAME_SHAPE.test(name) || (name.match(/\p{L}/gu) ?? []).length < MIN_NAME_LETTERS) return false;
  if (!/[aeiouy]/i.test(name) || isCareOrCompositionLine(name) || itemTypeFromText(name) !== null)
    return false;
  const words = normaliseWords(name).split(' ');
  // Size systems and initials ("UK EUR", "EU XL") are short words; a name has at least one longer one.
  if (words.every((word) => word.length <= SHORT_WORD_LENGTH)) return false;
  return words.every((word) => !containsLabelWord(word) && canonicalFibre(word) === null);
}

/**
 * A capitalised name ending in "O" may be the name with its ® misread ("PURLINO"), or a name that ends in O.
 * When the label also prints the name without the O (as in a web address) that is the name; otherwise the
 * reading is too ambiguous to state or ask about (null). Any other name is returned as it is.
 */
function resolveTrailingO(name: string, texts: readonly PhotoText[]): string | null {
  if (!/\p{Lu}O$/u.test(name)) return name;
  const shorter = name.slice(0, -1);
  const key = normaliseWords(shorter).replace(/ /g, '');
  // Split at every mark, dots included: "WWW.PURLIN.COM" holds the word "purlin".
  const printedElsewhere = texts.some((photoText) =>
    stripAccents(photoText.text)
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .includes(key),
  );
  return printedElsewhere ? shorter : null;
}

/** "LIMON COMPANY" -> "Limon Company"; mixed case ("NeroGiardini") and short initials ("AMI") stay as printed. */
function asWritten(name: string): string {
  if (/\p{Ll}/u.test(name) || name.replace(/[^\p{L}]/gu, '').length <= 3) return name;
  return name
    .toLowerCase()
    .replace(
      /(^|[\s&.-])(\p{L})/gu,
      (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`,
    );
}

/** The logo line's name on each label photo, best first, whether or not the brand list knows it. */
export function logoBrands(texts: readonly PhotoText[]): LogoBrand[] {
  const found: LogoBrand[] = [];
  for (const photoText of texts) {
    if (photoText.kind !== 'label') continue;
    const lines = toLines([photoText]);
    // The largest type among lines read as text: a row of care symbols read as letters is often taller.
    const largest = Math.max(
      0,
      ...lines.filter((line) => line.confidence >= MIN_LINE_CONFIDENCE).map((line) => line.letterHeight),
    );
    const logo = lines.find(
      (line) =>
        line.index <= LOGO_LINE_MAX_INDEX &&
        line.letterHeight >= largest * LOGO_SHARE_OF_LARGEST &&
        line.confidence >= MIN_LINE_CONFIDENCE,
    );
    if (logo === undefined) continue;
    const printed = withoutTrailingMarks(logo.text);
    const name = isNameShaped(printed) ? resolveTrailingO(printed, texts) : null;
    if (name === null) continue;
    if (!carriesLabelText(photoText, lines, logo)) continue;
    const typical = median(lines.filter((line) => line !== logo).map((line) => line.letterHeight));
    const dominant = typical > 0 && logo.letterHeight >= typical * DOMINANT_RATIO;
    const confidence = roundConfidence((dominant ? DOMINANT_FACTOR : PLAIN_FACTOR) * logo.confidence);
    found.push({
      name: asWritten(name),
      line: logo,
      dominant,
      evidence: lineEvidence(logo, 'brand.logo_line', confidence),
    });
  }
  return found.sort((a, b) => (b.evidence.confidence ?? 0) - (a.evidence.confidence ?? 0));
}
