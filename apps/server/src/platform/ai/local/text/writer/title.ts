// Titles in the order buyers search: brand, the item with its key feature and material, colour, size, then
// what a buyer filters on (cut, new with tags), in each language's natural order and agreement:
//   en "Zara Wool Coat Black Size M"              fr "Zara – manteau noir en laine, taille M"
//   de "Zara schwarzer Mantel aus Wolle, Gr. M"   pl "Zara czarny płaszcz wełniany, rozm. M"
// The extras come last so a marketplace with a short limit cuts them first, never the size. A title is never
// a sentence (no full stop at the end) and never names a kind of item the facts do not. The words and their
// order are the language pack's; what the title says is decided here.
import { type FibreShare, type Language, tidy } from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import { capitaliseFirst } from './grammar';
import { fibreName, LANGUAGE_PACKS, perLanguage } from './languages';
import { titleSize } from './size-words';
import { itemWords, type Subject } from './subject';

/** What follows a leading brand before the item; the suggestion answer puts a confirmed brand the same way. */
export const BRAND_SEPARATOR: Record<Language, string> = perLanguage((pack) => pack.title.brandSeparator);

/** The item phrase once a brand leads the title, as the language writes it: "Zara – manteau noir". */
export function afterBrand(body: string, language: Language): string {
  return LANGUAGE_PACKS[language].title.afterBrand(body);
}

/** The size as it ends a title: " Size M" in English, ", rozm. M" in Polish. */
export function sizeTail(size: string, language: Language): string {
  return LANGUAGE_PACKS[language].title.partSeparator + titleSize(size, language);
}

/** How many of the extras (cut, new with tags) a title can carry after the size. */
export const TITLE_EXTRAS = 2;

/**
 * The listing title with at most `extras` of the extras after the size, so a shorter limit drops whole
 * extras rather than cutting one in half ("... Size XXL New"). Never empty.
 */
export function writeTitle(
  facts: ItemFacts,
  subject: Subject,
  language: Language,
  extras = TITLE_EXTRAS,
): string {
  const { title } = LANGUAGE_PACKS[language];
  const brand = facts.brand?.value ?? '';
  const size = facts.size === null ? '' : titleSize(facts.size.value, language);
  const words = itemWords(subject, facts, language);
  const joined = (parts: string[]) => tidy(parts.filter((part) => part !== '').join(title.partSeparator));
  const condition = facts.condition?.value;
  // The condition first: buyers filter on "new with tags" more than on the cut.
  const kept = [
    condition === 'New with tags' || condition === 'New without tags'
      ? title.newCondition(condition, words.noun)
      : '',
    facts.fit === 'oversized' ? title.oversizedExtra : '',
  ]
    .filter((extra) => extra !== '')
    .slice(0, extras);

  if (brand === '' && words.noun === null && words.material === null && words.colour === null) {
    // Nothing names the item, but what is known still leads: its main fibre, its size. A neutral word
    // ("Pre-loved Item") only when nothing at all is known, never beside a fact.
    const fibre = mainFibre(facts, language);
    if (fibre === '' && size === '') {
      return condition?.startsWith('New') === true ? title.newNothingNamed : title.nothingNamed;
    }
    return capitaliseFirst(joined([fibre, size, ...kept]));
  }

  const item = title.item(words);
  // Without a noun the brand is followed by a list ("Weekday, Baumwolle, Beige"), joined as the parts are.
  const separator = words.noun === null ? title.partSeparator : title.brandSeparator;
  const head = brand === '' ? capitaliseFirst(item) : item === '' ? brand : `${brand}${separator}${item}`;
  return joined([head, size, ...kept]);
}

/** The fibre that is the largest share of the item, in the language ("Polyester"); '' with no composition. */
function mainFibre(facts: ItemFacts, language: Language): string {
  const main = facts.composition?.value.reduce<FibreShare | undefined>(
    (largest, share) => (largest === undefined || share.percent > largest.percent ? share : largest),
    undefined,
  );
  return main === undefined ? '' : fibreName(main.fibre, language);
}
