// Reads the fibre composition from a care label ("80% cotton 20% polyester") in en, fr, de, es, it, pl, nl
// and pt, and from EU fibre codes ("80 % CO 20 % PES"). Labels repeat one composition in several languages
// and list a lining after the shell: we keep the main fabric, drop repeats, and reject any part whose
// percentages do not add up to 100 rather than guess which number OCR misread.
import type { FibreShare } from '@snaplist/contract';
import type { Fact, PhotoText } from '../facts';
import { normaliseWords, roundConfidence, type TextLine, toLines } from './normalise';

/** Fibre words (normaliseWords form) to the canonical English name. Longer phrases are tried first. */
const FIBRE_WORDS: Record<string, string> = {};
const FIBRES: Record<string, string> = {
  cotton: 'cotton coton baumwolle algodon cotone bawelna katoen algodao',
  polyester: 'polyester poliester poliestere poliéster polyesters',
  elastane: 'elastane elasthanne elasthan elastano spandex lycra elastan elastomer',
  viscose: 'viscose viskose viscosa wiskoza rayon',
  wool: 'wool laine wolle lana welna wol merino',
  nylon: 'nylon polyamide polyamid poliamida poliammide poliamid',
  linen: 'linen lin leinen lino len linnen linho',
  silk: 'silk soie seide seda seta jedwab zijde',
  cashmere: 'cashmere cachemire kaschmir cachemira kaszmir kasjmier caxemira',
  acrylic: 'acrylic acrylique polyacryl acrilico akryl acryl poliakryl',
  leather: 'leather cuir leder piel pelle skora leer couro',
  lyocell: 'lyocell tencel',
  modal: 'modal',
  alpaca: 'alpaca alpaga alpaka',
  mohair: 'mohair moher',
  angora: 'angora',
  down: 'down duvet daunen plumon pluch puch dons',
  feather: 'feather feathers plumes federn plumas piume pierze veren',
  polyurethane: 'polyurethane polyurethan poliuretano poliuretan pu',
  polypropylene: 'polypropylene polypropylen polipropileno polipropilene polipropylen',
  metallic: 'metallic metallise metallisiert metalizado metallizzato metalizowane',
};
for (const [fibre, words] of Object.entries(FIBRES)) {
  for (const word of words.split(' ')) FIBRE_WORDS[normaliseWords(word)] = fibre;
}

/** EU fibre codes (Regulation 1007/2011 and common shop abbreviations); only read right after a percentage. */
const FIBRE_CODES: Record<string, string> = {
  CO: 'cotton',
  PES: 'polyester',
  PL: 'polyester',
  PE: 'polyester',
  EA: 'elastane',
  EL: 'elastane',
  VI: 'viscose',
  CV: 'viscose',
  WO: 'wool',
  WV: 'wool',
  PA: 'nylon',
  LI: 'linen',
  SE: 'silk',
  AC: 'acrylic',
  PAN: 'acrylic',
  WS: 'cashmere',
  CLY: 'lyocell',
  CMD: 'modal',
  MD: 'modal',
  WP: 'alpaca',
  WM: 'mohair',
  WA: 'angora',
  PU: 'polyurethane',
  PP: 'polypropylene',
};

/** Section words that start the main fabric or a secondary part (lining, pockets, trims, padding). */
const MAIN_SECTIONS =
  'shell outer outer shell main main fabric body self fabric dessus tissu principal exterieur obermaterial oberstoff tejido principal exterior tessuto principale esterno wierzch material zewnetrzny bovenstof'.split(
    ' ',
  );
const SECONDARY_SECTIONS =
  'lining linings doublure futter forro fodera podszewka voering pocket pockets pocketing poche poches taschenfutter bolsillo tasche tasca kieszen trim trims rib ribbing bord cotes bundchen contrast filling padding wadding rembourrage ouatinage wattierung fullung relleno imbottitura ocieplenie wypelnienie sleeve lining hood'.split(
    ' ',
  );

interface Share extends FibreShare {
  line: TextLine;
}

interface Group {
  section: 'main' | 'secondary' | 'unlabelled';
  shares: Share[];
}

function fibreAt(words: readonly string[]): string | null {
  for (let length = Math.min(2, words.length); length >= 1; length -= 1) {
    const fibre = FIBRE_WORDS[words.slice(0, length).join(' ')];
    if (fibre !== undefined) return fibre;
  }
  return null;
}

/** Fixes OCR in percentages ("1OO%" -> "100%", "8O %" -> "80 %", "l00%" -> "100%"). */
function fixPercentDigits(text: string): string {
  return text.replace(/[0-9OoIl]{1,3}(?=\s?%)/g, (number) =>
    /\d/.test(number) ? number.replace(/[Oo]/g, '0').replace(/[Il]/g, '1') : number,
  );
}

type Token = { kind: 'section'; section: Group['section'] } | { kind: 'share'; share: Share };

/** Sections and "NN% fibre" / "fibre NN%" pairs of one line, in order. */
function tokensOf(line: TextLine): Token[] {
  const text = fixPercentDigits(line.text);
  const tokens: Token[] = [];
  const pattern = /(\d{1,3}(?:[.,]\d)?)\s?%/g;
  let consumedUntil = 0;
  for (const match of text.matchAll(pattern)) {
    const before = text.slice(consumedUntil, match.index);
    tokens.push(...sectionsIn(before));
    const percent = Number((match[1] ?? '').replace(',', '.'));
    const after = text.slice(match.index + match[0].length);
    const afterWords = normaliseWords(after.split(/\d/)[0] ?? '').split(' ');
    const code = /^\s*([A-Z]{2,3})\b/.exec(after)?.[1];
    const beforeWords = normaliseWords(before).split(' ').filter(Boolean);
    const fibre =
      fibreAt(afterWords) ??
      (code === undefined ? null : (FIBRE_CODES[code] ?? null)) ??
      fibreAt(beforeWords.slice(-1)) ??
      fibreAt(beforeWords.slice(-2));
    if (fibre !== null && percent > 0 && percent <= 100) {
      tokens.push({ kind: 'share', share: { fibre, percent, line } });
    }
    consumedUntil = match.index + match[0].length;
    // Skip the fibre word after the percentage so it is not read again as a section or a fibre.
    const afterMatch = /^\s*[\p{L}]+/u.exec(after);
    if (fibre !== null && afterMatch !== null && fibreAt(afterWords) !== null)
      consumedUntil += afterMatch[0].length;
  }
  tokens.push(...sectionsIn(text.slice(consumedUntil)));
  return tokens;
}

function sectionsIn(text: string): Token[] {
  const words = normaliseWords(text).split(' ');
  const tokens: Token[] = [];
  for (const word of words) {
    if (SECONDARY_SECTIONS.includes(word)) tokens.push({ kind: 'section', section: 'secondary' });
    else if (MAIN_SECTIONS.includes(word)) tokens.push({ kind: 'section', section: 'main' });
  }
  return tokens;
}

function total(shares: readonly FibreShare[]): number {
  return shares.reduce((sum, share) => sum + share.percent, 0);
}

/**
 * Groups shares into compositions: a section word starts a new group, and so does a share once the group
 * reached 100% (the next language's repeat). A group after a full one keeps its section, since a repeat in
 * another language often comes without its own section word.
 */
function groupsOf(tokens: readonly Token[]): Group[] {
  const groups: Group[] = [];
  let current: Group = { section: 'unlabelled', shares: [] };
  const close = () => {
    if (current.shares.length > 0) groups.push(current);
  };
  for (const token of tokens) {
    if (token.kind === 'section') {
      if (current.shares.length > 0 || current.section !== token.section) {
        close();
        current = { section: token.section, shares: [] };
      }
      continue;
    }
    if (total(current.shares) >= 100) {
      close();
      current = { section: current.section, shares: [] };
    }
    current.shares.push(token.share);
  }
  close();
  return groups;
}

/** The same fibres in the same shares, merged (labels repeat them per language). */
function merge(shares: readonly Share[]): Share[] {
  const merged: Share[] = [];
  for (const share of shares) {
    const same = merged.find((other) => other.fibre === share.fibre);
    if (same === undefined) merged.push({ ...share });
    else same.percent += share.percent;
  }
  return merged.sort((a, b) => b.percent - a.percent);
}

/** The main fabric's composition, largest share first; null when no part adds up to 100%. */
export function parseComposition(texts: readonly PhotoText[]): Fact<FibreShare[]> | null {
  const groups = groupsOf(toLines(texts).flatMap(tokensOf))
    .map((group) => ({ ...group, shares: merge(group.shares) }))
    .filter((group) => Math.abs(total(group.shares) - 100) < 0.5);
  const main = groups.find((group) => group.section !== 'secondary');
  if (main === undefined) return null;

  const evidenceGroups = [main, ...groups.filter((group) => group !== main && group.section === 'secondary')];
  return {
    value: main.shares.map(({ fibre, percent }) => ({ fibre, percent })),
    evidence: evidenceGroups.map((group) => {
      const line = group.shares[0]?.line;
      return {
        source: 'label_text',
        ...(line === undefined ? {} : { photo: line.photo, text: line.text }),
        rule: group === main ? 'composition.main' : 'composition.secondary',
        confidence: roundConfidence(0.9 * (0.7 + 0.3 * (line?.confidence ?? 0))),
      };
    }),
  };
}
