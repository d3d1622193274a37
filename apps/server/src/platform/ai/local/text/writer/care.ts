// Care as the care label gives it, and nothing more: the facts' normalised instructions ('machine wash 30',
// 'do not tumble dry') worded in the listing's language. Care is never inferred from the fibre: "wash cool and
// dry flat" under a label that says "machine wash 30°C" tells a buyer something the label does not.
import type { Language } from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import { LANGUAGE_PACKS } from './languages';
import { CARE_INSTRUCTIONS, type CareInstruction } from './vocabulary';

/** One instruction the writer can word: a fixed one, or a machine wash at a temperature in degrees Celsius. */
export type CareStep = { instruction: CareInstruction } | { machineWashAt: number };

/** Temperatures printed on wash symbols and in care text; anything else is a misreading, not an instruction. */
const MIN_WASH_CELSIUS = 20;
const MAX_WASH_CELSIUS = 95;

/** What an instruction is about: a label that says both "do not X" and "X" says nothing certain about X. */
const TOPICS: Record<CareInstruction, string> = {
  'machine wash': 'wash',
  'machine wash cold': 'wash',
  'machine wash warm': 'wash',
  'hand wash': 'wash',
  'do not wash': 'wash',
  'do not bleach': 'bleach',
  'non-chlorine bleach only': 'bleach',
  'tumble dry': 'tumble',
  'tumble dry low': 'tumble',
  'do not tumble dry': 'tumble',
  'dry flat': 'air dry',
  'line dry': 'air dry',
  'drip dry': 'air dry',
  iron: 'iron',
  'iron low': 'iron',
  'iron medium': 'iron',
  'iron high': 'iron',
  'do not iron': 'iron',
  'dry clean': 'dry clean',
  'do not dry clean': 'dry clean',
  'wash inside out': 'inside out',
  'wash separately': 'separately',
};

const WASH_AT = /^machine wash (\d{2})$/;

function isCareInstruction(text: string): text is CareInstruction {
  return (CARE_INSTRUCTIONS as readonly string[]).includes(text);
}

/** The instruction a normalised care text stands for; null for a text outside the vocabulary. */
function careStep(text: string): CareStep | null {
  const normalised = text.trim().toLowerCase();
  if (isCareInstruction(normalised)) return { instruction: normalised };
  const degrees = Number(WASH_AT.exec(normalised)?.[1]);
  return degrees >= MIN_WASH_CELSIUS && degrees <= MAX_WASH_CELSIUS ? { machineWashAt: degrees } : null;
}

function topicOf(step: CareStep): string {
  return 'instruction' in step ? TOPICS[step.instruction] : 'wash';
}

function forbids(step: CareStep): boolean {
  return 'instruction' in step && step.instruction.startsWith('do not ');
}

/**
 * The label's instructions in its order, each once. A topic the label both allows and forbids (a misread
 * symbol) is left out whole: no care sentence is better than a wrong one.
 */
export function careSteps(care: ItemFacts['care']): CareStep[] {
  const steps: CareStep[] = [];
  const seen = new Set<string>();
  for (const text of care?.value ?? []) {
    const step = careStep(text);
    const key = step === null ? '' : JSON.stringify(step);
    if (step !== null && !seen.has(key)) {
      seen.add(key);
      steps.push(step);
    }
  }
  const contradicted = new Set(
    steps
      .filter((step) => forbids(step))
      .map(topicOf)
      .filter((topic) => steps.some((step) => topicOf(step) === topic && !forbids(step))),
  );
  return steps.filter((step) => !contradicted.has(topicOf(step)));
}

/** "Care label: machine wash at 30°C, do not tumble dry."; '' when the label gave no care the writer knows. */
export function careSentence(care: ItemFacts['care'], language: Language): string {
  const steps = careSteps(care);
  if (steps.length === 0) return '';
  const { care: words } = LANGUAGE_PACKS[language];
  return words.sentence(
    steps.map((step) =>
      'instruction' in step ? words.instructions[step.instruction] : words.machineWashAt(step.machineWashAt),
    ),
  );
}
