// What a fabric means to a buyer: how the main fibre feels and the stretch elastane gives. Never care: that
// is the care label's to say (care.ts), and a fibre's usual care can contradict the label. The sentences are
// the language pack's.
import type { FibreShare, Language } from '@snaplist/contract';
import { LANGUAGE_PACKS } from './languages';
import { FEEL_FIBRES, type FeelFibre } from './vocabulary';

/** A share of elastane this large is there for stretch, not as a trace in a blend. */
const STRETCH_MIN_PERCENT = 2;

function hasFeel(fibre: string): fibre is FeelFibre {
  return (FEEL_FIBRES as readonly string[]).includes(fibre);
}

/**
 * The sentences about the fabric after the composition: the main fibre's feel (when it is most of the item)
 * and stretch. Empty when the composition is unknown.
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
  return sentences;
}
