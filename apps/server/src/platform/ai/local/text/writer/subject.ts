// What the listing is about, decided once for title, description and tags: the noun for the item (its type,
// else what its category names), the material worth naming, the colour to lead with, and the department
// when a fact says it (an age size such as "3-4 years" is children's wear; nothing says women's or men's).
import type { Category, Colour, FieldEvidence, Language } from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import { ITEM_TYPES } from '../item-type';
import type { ItemWords } from './language-pack';
import { LANGUAGE_PACKS } from './languages';
import { sizeKind } from './size-words';
import {
  CATEGORY_NOUN_KEYS,
  NOTABLE_MATERIALS,
  type NotableMaterial,
  type Noun,
  type NounKey,
} from './vocabulary';

export interface Subject {
  /** The item's noun key in the language packs, or null when neither type nor category names one. */
  nounKey: NounKey | null;
  material: NotableMaterial | null;
  category: Category | null;
  colours: Colour[];
  /** 'kids' when the size is an age; null otherwise (never a guess at women's or men's). */
  department: 'kids' | null;
  /** The facts behind the subject, for the fields that use it. */
  evidence: FieldEvidence[];
}

/**
 * A material is worth naming when it is most of the item (half or more); jeans are always denim, whatever
 * the cotton share on the label says.
 */
function notableMaterial(facts: ItemFacts, nounKey: NounKey | null): NotableMaterial | null {
  if (nounKey === 'jeans') return 'denim';
  const main = facts.composition?.value[0];
  const fibre = NOTABLE_MATERIALS.find((material) => material === main?.fibre);
  return fibre !== undefined && main !== undefined && main.percent >= 50 ? fibre : null;
}

function knownItemType(value: string | undefined): keyof typeof ITEM_TYPES | null {
  return value !== undefined && value in ITEM_TYPES ? (value as keyof typeof ITEM_TYPES) : null;
}

export function subjectOf(facts: ItemFacts): Subject {
  const itemType = knownItemType(facts.itemType?.value);
  const category = facts.category?.value ?? (itemType === null ? null : ITEM_TYPES[itemType]);
  const nounKey = itemType ?? (category === null ? null : (CATEGORY_NOUN_KEYS[category] ?? null));
  const material = notableMaterial(facts, nounKey);
  const evidence = [
    ...(itemType !== null ? (facts.itemType?.evidence ?? []) : []),
    ...(facts.category?.evidence ?? []),
    ...(material !== null && material !== 'denim' ? (facts.composition?.evidence ?? []) : []),
    ...(facts.colours.value.length > 0 ? facts.colours.evidence : []),
  ];
  const department = facts.size !== null && sizeKind(facts.size.value) === 'age' ? 'kids' : null;
  return { nounKey, material, category, colours: facts.colours.value, department, evidence };
}

/** The noun for the item in a language; the generic "item" noun when nothing names it. */
export function nounFor(subject: Subject, language: Language): Noun {
  return LANGUAGE_PACKS[language].nouns[subject.nounKey ?? 'item'];
}

/** What a phrase naming the item may say in a language: its noun there (if any) and the subject's words. */
export function itemWords(subject: Subject, facts: ItemFacts, language: Language): ItemWords {
  const material = subject.material;
  return {
    noun: subject.nounKey === null ? null : nounFor(subject, language),
    colour: subject.colours[0] ?? null,
    material,
    pureMaterial:
      facts.composition?.value.some((share) => share.fibre === material && share.percent === 100) === true,
    kids: subject.department === 'kids',
    oversized: facts.fit === 'oversized',
  };
}
