// What a fabric means to a buyer, per listing language: how the main fibre feels, the stretch elastane gives,
// and care only where it follows from the fibre itself (wool and silk want gentle washing, leather no
// washing at all). Care advice always sends the buyer to the care label as well: it adds to it, never
// replaces it.
import type { FibreShare, Language } from '@snaplist/contract';

/** How the fibre feels, as a sentence with the fibre as subject (agreement is with the fibre's own gender). */
const FEEL: Partial<Record<string, Record<Language, string>>> = {
  cotton: {
    en: 'Cotton is soft and breathable.',
    fr: 'Le coton est doux et respirant.',
    de: 'Baumwolle ist weich und atmungsaktiv.',
    pl: 'Bawełna jest miękka i przewiewna.',
  },
  wool: {
    en: 'Wool is warm and breathable.',
    fr: 'La laine est chaude et respirante.',
    de: 'Wolle wärmt und ist atmungsaktiv.',
    pl: 'Wełna jest ciepła i oddychająca.',
  },
  cashmere: {
    en: 'Cashmere is very soft and warm.',
    fr: 'Le cachemire est très doux et chaud.',
    de: 'Kaschmir ist sehr weich und warm.',
    pl: 'Kaszmir jest bardzo miękki i ciepły.',
  },
  alpaca: {
    en: 'Alpaca is soft and warm.',
    fr: "L'alpaga est doux et chaud.",
    de: 'Alpaka ist weich und warm.',
    pl: 'Alpaka jest miękka i ciepła.',
  },
  mohair: {
    en: 'Mohair is light, fluffy and warm.',
    fr: 'Le mohair est léger, duveteux et chaud.',
    de: 'Mohair ist leicht, flauschig und warm.',
    pl: 'Moher jest lekki, puszysty i ciepły.',
  },
  silk: {
    en: 'Silk is smooth and light.',
    fr: 'La soie est douce et légère.',
    de: 'Seide ist glatt und leicht.',
    pl: 'Jedwab jest gładki i lekki.',
  },
  linen: {
    en: 'Linen is cool and breathable.',
    fr: 'Le lin est frais et respirant.',
    de: 'Leinen ist kühl und atmungsaktiv.',
    pl: 'Len jest chłodny i przewiewny.',
  },
  leather: {
    en: 'Leather is hard-wearing.',
    fr: 'Le cuir est résistant.',
    de: 'Leder ist strapazierfähig.',
    pl: 'Skóra jest wytrzymała.',
  },
  viscose: {
    en: 'Viscose is soft and drapes well.',
    fr: 'La viscose est douce et fluide.',
    de: 'Viskose ist weich und fließend.',
    pl: 'Wiskoza jest miękka i lejąca.',
  },
  lyocell: {
    en: 'Lyocell is smooth and breathable.',
    fr: 'Le lyocell est doux et respirant.',
    de: 'Lyocell ist glatt und atmungsaktiv.',
    pl: 'Lyocell jest gładki i przewiewny.',
  },
  modal: {
    en: 'Modal is soft and smooth.',
    fr: 'Le modal est doux et lisse.',
    de: 'Modal ist weich und glatt.',
    pl: 'Modal jest miękki i gładki.',
  },
  polyester: {
    en: 'Polyester is easy to care for.',
    fr: "Le polyester est facile d'entretien.",
    de: 'Polyester ist pflegeleicht.',
    pl: 'Poliester jest łatwy w pielęgnacji.',
  },
  nylon: {
    en: 'Nylon is light and hard-wearing.',
    fr: 'Le nylon est léger et résistant.',
    de: 'Polyamid ist leicht und strapazierfähig.',
    pl: 'Poliamid jest lekki i wytrzymały.',
  },
  down: {
    en: 'Down is light and warm.',
    fr: 'Le duvet est léger et chaud.',
    de: 'Daunen sind leicht und warm.',
    pl: 'Puch jest lekki i ciepły.',
  },
};

const STRETCH: Record<Language, string> = {
  en: 'The elastane gives it some stretch.',
  fr: "L'élasthanne lui donne de l'élasticité.",
  de: 'Elasthan sorgt für Dehnbarkeit.',
  pl: 'Dodatek elastanu zapewnia rozciągliwość.',
};

type CareGroup = 'animal' | 'silk' | 'leather';
const CARE_GROUPS: Partial<Record<string, CareGroup>> = {
  wool: 'animal',
  cashmere: 'animal',
  alpaca: 'animal',
  mohair: 'animal',
  angora: 'animal',
  silk: 'silk',
  leather: 'leather',
};
const CARE: Record<CareGroup, Record<Language, string>> = {
  animal: {
    en: 'Wash cool and dry flat, and follow the care label.',
    fr: "Laver à froid et sécher à plat, selon l'étiquette d'entretien.",
    de: 'Kühl waschen und liegend trocknen; bitte das Pflegeetikett beachten.',
    pl: 'Prać w niskiej temperaturze i suszyć na płasko, zgodnie z metką.',
  },
  silk: {
    en: 'Wash gently by hand or dry clean, and follow the care label.',
    fr: "Laver délicatement à la main ou nettoyer à sec, selon l'étiquette d'entretien.",
    de: 'Schonend von Hand waschen oder reinigen lassen; bitte das Pflegeetikett beachten.',
    pl: 'Prać delikatnie ręcznie lub czyścić chemicznie, zgodnie z metką.',
  },
  leather: {
    en: 'Wipe clean; not for the washing machine.',
    fr: 'Nettoyer avec un chiffon humide ; ne pas laver en machine.',
    de: 'Nur feucht abwischen, nicht in der Maschine waschen.',
    pl: 'Czyścić wilgotną ściereczką; nie prać w pralce.',
  },
};

/** A share of elastane this large is there for stretch, not as a trace in a blend. */
const STRETCH_MIN_PERCENT = 2;

/**
 * The sentences about the fabric after the composition: the main fibre's feel (when it is most of the item),
 * stretch, and care for fibres that need it. Empty when the composition is unknown.
 */
export function fabricSentences(shares: readonly FibreShare[], language: Language): string[] {
  const main = shares.reduce<FibreShare | undefined>(
    (largest, share) => (largest === undefined || share.percent > largest.percent ? share : largest),
    undefined,
  );
  if (main === undefined) return [];
  const sentences: string[] = [];
  const feel = main.percent >= 50 ? FEEL[main.fibre]?.[language] : undefined;
  if (feel !== undefined) sentences.push(feel);
  if (shares.some((share) => share.fibre === 'elastane' && share.percent >= STRETCH_MIN_PERCENT)) {
    sentences.push(STRETCH[language]);
  }
  // Care follows the most delicate fibre with a real share: 30% wool in a blend still wants a cool wash.
  const care = shares
    .filter((share) => share.percent >= 30)
    .map((share) => CARE_GROUPS[share.fibre])
    .find((group) => group !== undefined);
  if (care !== undefined) sentences.push(CARE[care][language]);
  return sentences;
}
