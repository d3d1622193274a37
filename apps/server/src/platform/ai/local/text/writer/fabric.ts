// What a fabric means to a buyer: how the main fibre feels, the stretch elastane gives, and care only where
// it follows from the fibre itself (wool and silk want gentle washing, leather no washing at all). Care
// advice always sends the buyer to the care label as well: it adds to it, never replaces it. The sentences
// are the language pack's.
import type { FibreShare, Language } from '@snaplist/contract';
import { LANGUAGE_PACKS } from './languages';
import { type CareGroup, FEEL_FIBRES, type FeelFibre } from './vocabulary';

const CARE_GROUPS: Partial<Record<string, CareGroup>> = {
  wool: 'animal',
  cashmere: 'animal',
  alpaca: 'animal',
  mohair: 'animal',
  angora: 'animal',
  silk: 'silk',
  leather: 'leather',
};

/** A share of elastane this large is there for stretch, not as a trace in a blend. */
const STRETCH_MIN_PERCENT = 2;

function hasFeel(fibre: string): fibre is FeelFibre {
  return (FEEL_FIBRES as readonly string[]).includes(fibre);
}

/**
 * The sentences about the fabric after the composition: the main fibre's feel (when it is most of the item),
 * stretch, and care for fibres that need it. Empty when the composition is unknown.
 */
export function fabricSentences(shares: readonly FibreShare[], language: Language): string[] {
  const { fabric } = LANGUAGE_PACKS[language];
  const main = shares.reduce<FibreShare | undefined>(
    (largest, share) => (largest === undefined || share.percent > largest.percent ? share : largest),
    undefined,
  );
  if (main === undefined) return [];
  const sentences: string[] = [];
  if (main.percent >= 50 && hasFeel(main.fibre)) sentences.push(fabric.feel[main.fibre]);
  if (shares.some((share) => share.fibre === 'elastane' && share.percent >= STRETCH_MIN_PERCENT)) {
    sentences.push(fabric.stretch);
  }
  // Care follows the most delicate fibre with a real share: 30% wool in a blend still wants a cool wash.
  const care = shares
    .filter((share) => share.percent >= 30)
    .map((share) => CARE_GROUPS[share.fibre])
    .find((group) => group !== undefined);
  if (care !== undefined) sentences.push(fabric.care[care]);
  return sentences;
}
