// Judges from what OCR read whether a photo shows a label or tag, or the item itself. Fabric texture, wood
// grain and knit come out of OCR as stray letters ("A", "ve", "sz"); a label comes out as words, label
// vocabulary ("wash", "Baumwolle"), percentages and registration or lot numbers. Wrongly calling a label 'item' would hide its brand and
// size, so 'item' needs a reading of stray marks with nothing word-like in it, at any confidence (a large
// brand misread as "BERSHER" is still a word); a photo with no reading at all, and anything in between,
// stays 'unknown'.
import type { PhotoText } from '../facts';
import { isLabelWord } from '../text/label-vocabulary';
import { normaliseWords } from '../text/normalise';

export interface ReadWord {
  text: string;
  /** 0..100: the reader's confidence in the word's line. */
  confidence: number;
  /** Height of the word's box in pixels of the image that was read. */
  height: number;
}

/** A word the reader is this sure of is a word, not texture. */
const SURE_WORD_CONFIDENCE = 80;
/** Label vocabulary and percentages count from this confidence: they rarely come out of texture by chance. */
const VOCABULARY_CONFIDENCE = 55;
/** Below this, a short word (three letters) is too likely texture to count as a word on its own. */
const SHORT_WORD_CONFIDENCE = 88;
const PERCENT = /\d{1,3}\s*%/;
/** Registration, lot, style and article numbers ("RN17730", "LOT9971", "ART.4803"): printed on labels only. */
const LABEL_CODE = /^(?:RN|CA|VN|LOT|STYLE|ART|REF)[.:#]?\d{3,}/i;
/**
 * A size alone, as a brand label prints it under the brand ("M", "XS", "W32L34", "EURM"). With one sure word
 * beside it, read this clearly, it makes a brand label: texture does not read as a clean word and a clean size.
 */
const SIZE_MARK = /^(?:EUR?|UK|US)?(?:[2-6]?X{0,3}[SL]|M|W\d{2}L\d{2})$/;
const SIZE_MARK_CONFIDENCE = 95;

export function judgePhotoKind(words: readonly ReadWord[]): PhotoText['kind'] {
  let labelVocabulary = 0;
  let sureWords = 0;
  let wordLike = 0;
  let sizeMarks = 0;
  for (const word of words) {
    if (word.confidence >= SIZE_MARK_CONFIDENCE && SIZE_MARK.test(word.text)) sizeMarks++;
    const letters = (word.text.match(/\p{L}/gu) ?? []).length;
    const percent = PERCENT.test(word.text);
    if (
      word.confidence >= VOCABULARY_CONFIDENCE &&
      (percent ||
        LABEL_CODE.test(word.text) ||
        (letters >= 3 && normaliseWords(word.text).split(' ').some(isLabelWord)))
    )
      labelVocabulary++;
    if (letters >= 4 && word.confidence >= SURE_WORD_CONFIDENCE) sureWords++;
    else if (letters === 3 && word.confidence >= SHORT_WORD_CONFIDENCE) sureWords++;
    if (letters >= 3 || percent || (/\d{2,}/.test(word.text) && word.confidence >= 50)) wordLike++;
  }
  if (labelVocabulary >= 1 || sureWords >= 2 || (sureWords === 1 && sizeMarks >= 1)) return 'label';
  // One sure word alone: a brand label ("ZARA") or a print on the item. Only stray marks: texture.
  if (words.length > 0 && wordLike === 0) return 'item';
  return 'unknown';
}
