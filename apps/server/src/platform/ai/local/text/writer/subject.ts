// What the listing is about, decided once for title, description and tags: the noun for the item (its type,
// else what its category names), the material worth naming, and the colour to lead with.
import type { Category, Colour, FieldEvidence, Language } from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import { ITEM_TYPES } from '../item-type';
import { CATEGORY_NOUN_KEYS, NOTABLE_MATERIALS, NOUNS, type NotableMaterial, type Noun } from './lexicon';

export interface Subject {
  /** The item's noun key in the lexicon, or null when neither type nor category names one. */
  nounKey: string | null;
  material: NotableMaterial | null;
  category: Category | null;
  colours: Colour[];
  /** The facts behind the subject, for the fields that use it. */
  evidence: FieldEvidence[];
}

/** A material is worth naming when it is most of the item (half or more), or when the item is jeans. */
function notableMaterial(facts: ItemFacts, nounKey: string | null): NotableMaterial | null {
  const main = facts.composition?.value[0];
  const fibre = NOTABLE_MATERIALS.find((material) => material === main?.fibre);
  if (fibre !== undefined && main !== undefined && main.percent >= 50) return fibre;
  return nounKey === 'jeans' ? 'denim' : null;
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
  return { nounKey, material, category, colours: facts.colours.value, evidence };
}

/** The noun for the item in a language; the generic "item" noun when nothing names it. */
export function nounFor(subject: Subject, language: Language): Noun {
  const table = NOUNS[language];
  return (
    (subject.nounKey === null ? undefined : table[subject.nounKey]) ??
    table.item ?? { word: '', gender: 'm', plural: false }
  );
}
