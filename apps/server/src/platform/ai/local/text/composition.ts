// Reads the fibre composition from a care label ("80% cotton 20% polyester") in en, fr, de, es, it, pl, nl
// and pt, and from EU fibre codes ("80 % CO 20 % PES"). Real labels are messier than that: fibres carry
// modifiers ("72% RECYCLED POLYESTER", "cotone biologico"), a share wraps onto the next line ("88% RECYCLED" /
// "NYLON"), one line names a fibre in several languages ("Cotton / Katoen / Baumwolle"), a label lists
// shell, lining and filling, and the OCR passes read one number two ways (18% and 48%). We keep the main
// fabric, leave the other groups to the evidence, drop repeats, and state a composition only when its
// shares add up to 100: choosing among the numbers the passes read, or among the readings a garbled share
// allows ("S3P%" is 83% or 53%) when exactly one makes the block add up, never inventing one.
//
// Fibres are canonical keys, not the printed word: "spandex" is elastane, "rayon" viscose, "polyamide"
// nylon, so the writer names them in the seller's language (decision 015).
import type { FibreShare } from '@snaplist/contract';
import type { Fact, PhotoText } from '../facts';
import { boundedEditDistance } from './edit-distance';
import { normaliseWords, type PhotoLine, roundConfidence, toLines } from './normalise';

/** Each word of a table of space-separated names, mapped to the key it is a name of. */
function byWord(names: Record<string, string>): Map<string, string> {
  return new Map(
    Object.entries(names).flatMap(([key, words]) =>
      words.split(' ').map((word): [string, string] => [word, key]),
    ),
  );
}

/** Fibre words (normaliseWords form) in the eight label languages and Turkish, by canonical fibre. */
const FIBRES: Record<string, string> = {
  cotton: 'cotton coton baumwolle algodon cotone bawelna katoen algodao pamuk',
  polyester: 'polyester poliester poliestere polyesters polyestere',
  elastane: 'elastane elasthanne elasthan elastano spandex lycra elastan elastam elastomer elastaan',
  // Bamboo fabric is viscose made from bamboo, and labels print it either way ("96% BAMBOO VISCOSE").
  viscose: 'viscose viskose viscosa wiskoza rayon rayonne viskon bamboo bambus bambou bambu',
  wool: 'wool laine wolle lana welna wol merino schurwolle scheerwol lambswool yun',
  nylon: 'nylon polyamide polyamid poliamida poliammide poliamid',
  linen: 'linen lin leinen lino len linnen linho keten',
  silk: 'silk soie seide seda seta jedwab zijde ipek',
  cashmere: 'cashmere cachemire kaschmir cachemira kaszmir kasjmier caxemira',
  acrylic: 'acrylic acrylique polyacryl acrilico akryl acryl poliakryl polyacrylic',
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
  acetate: 'acetate acetat acetato octan',
  cupro: 'cupro cuprammonium',
  hemp: 'hemp chanvre hanf canamo canapa konopie hennep',
  ramie: 'ramie ramia',
};
const FIBRE_WORDS = byWord(FIBRES);
/** The canonical key of a fibre name in any label language ("spandex" -> "elastane"), or null. */
export function canonicalFibre(name: string): string | null {
  const word = normaliseWords(name);
  return FIBRE_WORDS.get(word) ?? (FIBRES[word] === undefined ? null : word);
}

/** Long fibre words, for reads one or two letters off ("POLYESTFR", "VISCOSF"). */
const FUZZY_FIBRE_WORDS = [...FIBRE_WORDS.keys()].filter((word) => word.length >= 6);

/**
 * Words that describe a fibre without changing it ("RECYCLED POLYESTER", "lana vergine", "z recyklingu"):
 * skipped when pairing a share with its fibre. "pure new wool" and "mulesing-free merino" are still wool.
 */
const MODIFIERS = new Set(
  [
    'recycled organic virgin regenerated mulesing free non pure new extra fine bci better supima pima combed',
    'certified traceable responsible conventional merino lambs lenzing ecovero tm',
    'recycle recyclee recycles recyclees biologique bio vierge regenere regeneree peigne',
    'recycelt recycelte recyceltes recycelter recyceltem biologisch biologische biologischer gekammte',
    'reciclado reciclada reciclados organico organica virgen regenerado regenerada peinado',
    'riciclato riciclata biologico biologica vergine rigenerato rigenerata pettinato',
    'z recyklingu recyklingowany recyklingowana recyklingowy organiczna organiczny organiczne dziewicza',
    'gerecycled gerecycleerd gerecycleerde biologische',
    'organico organica virgem regenerada',
  ]
    .join(' ')
    .split(' '),
);
/** Small words between a share and its fibre or between language repeats ("and", "et", "und", "y", "i"). */
const FILLERS = new Set('and et und y e i en of de di da der des'.split(' '));

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

/** Section words that start the main fabric or a secondary part (lining, pockets, trims, filling). */
const MAIN_SECTIONS = new Set(
  'shell outer main body self dessus principal exterieur exterieure etoffe obermaterial oberstoff exterior principale esterno wierzch zewnetrzny bovenstof'.split(
    ' ',
  ),
);
/** Words that start a secondary part, by the part they name in English (the evidence keeps one of each). */
const SECONDARY_PARTS: Record<string, string> = {
  lining: 'lining linings interlining doublure futter forro fodera podszewka voering',
  filling:
    'filling fill padding wadding insulation isolation rembourrage ouatinage wattierung fullung relleno imbottitura ocieplenie wypelnienie',
  pocket: 'pocket pockets pocketing poche poches taschenfutter bolsillo tasche tasca kieszen',
  trim: 'trim trims rib ribs ribbing bord cotes bundchen cuff cuffs collar yoke facing',
  contrast: 'contrast panel panels insert inserts lace',
  hood: 'hood',
  sleeve: 'sleeve sleeves',
};
const SECONDARY_SECTIONS = byWord(SECONDARY_PARTS);

type Section = 'main' | 'secondary';

type Token =
  | { kind: 'percent'; value: number; line: PhotoLine; inBrackets: boolean; bare: boolean }
  | { kind: 'fibre'; fibre: string; line: PhotoLine; fuzzy: boolean }
  | { kind: 'section'; section: Section; part: string }
  | { kind: 'modifier' }
  | { kind: 'other' };

/**
 * Fixes OCR in percentages ("1OO%" -> "100%", "8O %" -> "80 %", "l00%" -> "100%", "g6%" -> "96%"). On woven
 * labels the "%" itself is often read as digits: "96" ("5196 RAYON" is 51% rayon) and after 100 one to three
 * digits ("100976 SILK", "1003COTTON"). No share is over 100, so such a number right before a word can only be
 * a share (the word must still be a fibre to count), unless a code or number comes before it ("RN 100234").
 * A zero between letters is an O ("WO0L").
 */
function fixPercentDigits(text: string): string {
  return text
    .replace(/(?<=\p{L})0(?=\p{L})/gu, 'O')
    .replace(/(?<![\p{L}\d])[gq](?=\d\s?%)/gu, '9')
    .replace(/[0-9OoIl]{1,3}(?=\s?%)/g, (number) =>
      /\d/.test(number) ? number.replace(/[Oo]/g, '0').replace(/[Il]/g, '1') : number,
    )
    .replace(/(?<![\p{L}\d])(\d{1,2})[0Oo](?=\p{Lu}{4})/gu, (number) => number.replace(/[Oo]$/, '0'))
    .replace(/(?<![\p{L}\d.,#:]\s*)100\d{1,3}(?=\s*\p{L})/gu, '100%')
    .replace(/(?<![\p{L}\d.,#:/-]\s*)([1-9]\d?)96(?=\s*\p{L})/gu, '$1%');
}

function fuzzyFibre(word: string): string | null {
  if (word.length < 6) return null;
  const limit = word.length >= 9 ? 2 : 1;
  let best: { fibre: string; edits: number } | null = null;
  for (const candidate of FUZZY_FIBRE_WORDS) {
    const edits = boundedEditDistance(word, candidate, limit);
    if (edits <= limit && (best === null || edits < best.edits))
      best = { fibre: FIBRE_WORDS.get(candidate) ?? candidate, edits };
  }
  return best?.fibre ?? null;
}

/** Shortest start of a fibre word read as that fibre when the rest is cut off ("20% Polyam!"). */
const FIBRE_PREFIX_MIN_LENGTH = 5;
/** Shortest misread start of a fibre word worth matching one letter off: shorter ones match many fibres. */
const FUZZY_FIBRE_MIN_PREFIX = 6;

/** The fibre a cut-off word starts, when every fibre word it starts names the same fibre. */
function fibreByPrefix(word: string): string | null {
  if (word.length < FIBRE_PREFIX_MIN_LENGTH) return null;
  const fibres = new Set<string>();
  for (const [candidate, fibre] of FIBRE_WORDS) if (candidate.startsWith(word)) fibres.add(fibre);
  return fibres.size === 1 ? ([...fibres][0] ?? null) : null;
}

/**
 * The fibre whose word starts one letter off a misread or misspelt word after a percentage ("90% VISCON":
 * "viscos" is one letter from it), when every such fibre word names the same fibre.
 */
function fibreByNearPrefix(word: string): string | null {
  if (word.length < FUZZY_FIBRE_MIN_PREFIX) return null;
  const fibres = new Set<string>();
  for (const [candidate, fibre] of FIBRE_WORDS) {
    if (candidate.length <= word.length) continue;
    if (boundedEditDistance(word, candidate.slice(0, word.length), 1) <= 1) fibres.add(fibre);
  }
  return fibres.size === 1 ? ([...fibres][0] ?? null) : null;
}

/** The token for one word: a fibre, a modifier, a section, a filler (null) or anything else. */
function wordToken(word: string, line: PhotoLine, afterPercent: boolean, raw: string): Token | null {
  const exact = FIBRE_WORDS.get(word);
  if (exact !== undefined) return { kind: 'fibre', fibre: exact, line, fuzzy: false };
  const code = afterPercent ? FIBRE_CODES[raw] : undefined;
  if (code !== undefined) return { kind: 'fibre', fibre: code, line, fuzzy: false };
  if (MODIFIERS.has(word)) return { kind: 'modifier' };
  const part = SECONDARY_SECTIONS.get(word);
  if (part !== undefined) return { kind: 'section', section: 'secondary', part };
  if (MAIN_SECTIONS.has(word)) return { kind: 'section', section: 'main', part: 'main' };
  if (FILLERS.has(word)) return null;
  const fuzzy = fuzzyFibre(word) ?? (afterPercent ? (fibreByPrefix(word) ?? fibreByNearPrefix(word)) : null);
  if (fuzzy !== null) return { kind: 'fibre', fibre: fuzzy, line, fuzzy: true };
  return { kind: 'other' };
}

/**
 * A percentage, a bare number before a word (woven labels lose the "%": "60 COTTON"), a word, or a bracket.
 * A bare number counts only between fibres and right before a fibre name ("60 COTTON 40 WOOL", never
 * "STYLE 40 COTTON"), and only in a composition that adds up to 100.
 */
const PIECE = /(\d{1,3}(?:[.,]\d)?)\s?%|(?<![\p{L}\d.,#:/-])(\d{1,3})(?=\s*\p{L})|[\p{L}]+|[()[\]{}]/gu;

/** Label words a run of letters with its spaces dropped is split into ("RECYCLEDPOLYESTER", "WOOLLANA"). */
const GLUED_VOCABULARY = new Set([
  ...FIBRE_WORDS.keys(),
  ...MODIFIERS,
  ...MAIN_SECTIONS,
  ...SECONDARY_SECTIONS.keys(),
]);
/** Shorter runs are left alone: too many short words split into two short label words by chance. */
const GLUED_MIN_LENGTH = 7;
/** Pieces shorter than this are not words of their own in a glued run, bar the ones listed. */
const GLUED_MIN_PIECE = 3;

/** The fewest vocabulary words a run of letters splits into exactly, or null. */
function splitIntoWords(word: string): string[] | null {
  const best: (string[] | null)[] = [[]];
  for (let end = 1; end <= word.length; end += 1) {
    best[end] = null;
    for (let start = 0; start < end; start += 1) {
      const before = best[start];
      const piece = word.slice(start, end);
      if (before === null || before === undefined || !GLUED_VOCABULARY.has(piece)) continue;
      if (piece.length < GLUED_MIN_PIECE && !MODIFIERS.has(piece)) continue;
      const current = best[end];
      if (current === null || current === undefined || before.length + 1 < current.length)
        best[end] = [...before, piece];
    }
  }
  return best[word.length] ?? null;
}

/**
 * The reader drops the spaces between words of small print ("92%ORGANICCOTTON", "8%WOOLLANA"): a run of
 * letters that is no word itself but splits exactly into fibre, modifier and section words is spaced again.
 */
function splitGluedWords(text: string): string {
  return text.replace(/\p{L}{7,}/gu, (run) => {
    const word = normaliseWords(run);
    if (word.length < GLUED_MIN_LENGTH || GLUED_VOCABULARY.has(word) || word.length !== run.length)
      return run;
    const parts = splitIntoWords(word);
    return parts === null || parts.length < 2 ? run : parts.join(' ');
  });
}

/** The words of a line, with a word cut by the line end rejoined ("VISC" / "OSE" -> "VISCOSE"). */
function linePieces(lines: readonly PhotoLine[]): { line: PhotoLine; text: string }[] {
  const texts = lines.map((line) => splitGluedWords(fixPercentDigits(line.text)));
  for (let index = 0; index + 1 < lines.length; index += 1) {
    const current = lines[index];
    const next = lines[index + 1];
    if (current === undefined || next === undefined || current.photo !== next.photo) continue;
    const tail = /([\p{L}]+)$/u.exec(texts[index] ?? '')?.[1];
    const head = /^([\p{L}]+)/u.exec(texts[index + 1] ?? '')?.[1];
    if (tail === undefined || head === undefined) continue;
    const [tailWord, headWord] = [normaliseWords(tail), normaliseWords(head)];
    if (FIBRE_WORDS.has(tailWord) || FIBRE_WORDS.has(headWord) || MODIFIERS.has(headWord)) continue;
    if (!FIBRE_WORDS.has(tailWord + headWord)) continue;
    texts[index] = `${(texts[index] ?? '').slice(0, -tail.length)}${tail}${head}`;
    texts[index + 1] = (texts[index + 1] ?? '').slice(head.length);
  }
  return lines.map((line, index) => ({ line, text: texts[index] ?? '' }));
}

/** Every percentage, fibre and section word of a photo's lines, in reading order; null marks a line end. */
function tokensOf(lines: readonly PhotoLine[]): (Token | null)[] {
  const tokens: (Token | null)[] = [];
  for (const { line, text } of linePieces(lines)) {
    let bracketDepth = 0;
    let afterPercent = false;
    const pieces = [...text.matchAll(PIECE)];
    for (let index = 0; index < pieces.length; index += 1) {
      const [piece = '', number, bareNumber] = pieces[index] ?? [];
      if (number !== undefined) {
        const value = Number(number.replace(',', '.'));
        tokens.push({ kind: 'percent', value, line, inBrackets: bracketDepth > 0, bare: false });
        afterPercent = true;
        continue;
      }
      if (bareNumber !== undefined) {
        const before = normaliseWords(pieces[index - 1]?.[0] ?? '');
        const startsShare = before === '' || FIBRE_WORDS.has(before) || MODIFIERS.has(before);
        if (startsShare && FIBRE_WORDS.has(normaliseWords(pieces[index + 1]?.[0] ?? ''))) {
          tokens.push({
            kind: 'percent',
            value: Number(bareNumber),
            line,
            inBrackets: bracketDepth > 0,
            bare: true,
          });
          afterPercent = true;
        }
        continue;
      }
      if ('([{'.includes(piece)) bracketDepth += 1;
      else if (')]}'.includes(piece)) bracketDepth = Math.max(0, bracketDepth - 1);
      else {
        let token = wordToken(normaliseWords(piece), line, afterPercent, piece);
        if (afterPercent && token?.kind === 'other') {
          const spaced = spacedFibre(
            pieces.slice(index).map((match) => match[0]),
            line,
          );
          if (spaced !== null) {
            token = spaced.token;
            index += spaced.pieces - 1;
          }
        }
        if (token !== null) tokens.push(token);
        if (token?.kind !== 'modifier') afterPercent = false;
      }
    }
    tokens.push(null);
  }
  return tokens;
}

/** Most pieces a fibre word is broken into by spaces OCR puts inside woven letters ("B aumw olle"). */
const MAX_SPACED_PIECES = 3;

/** A fibre word OCR split with spaces, rejoined from the pieces after a percentage, and how many it took. */
function spacedFibre(
  pieces: readonly string[],
  line: PhotoLine,
): { token: Extract<Token, { kind: 'fibre' }>; pieces: number } | null {
  let joined = '';
  for (let count = 1; count <= Math.min(MAX_SPACED_PIECES, pieces.length); count += 1) {
    const piece = pieces[count - 1] ?? '';
    if (!/^\p{L}+$/u.test(piece)) return null;
    joined += normaliseWords(piece);
    if (count === 1) continue;
    const fibre = FIBRE_WORDS.get(joined) ?? fibreByPrefix(joined);
    if (fibre !== undefined && fibre !== null)
      return { token: { kind: 'fibre', fibre, line, fuzzy: true }, pieces: count };
  }
  return null;
}

interface Share extends FibreShare {
  line: PhotoLine;
  /** The line its fibre was read on: the next one when the share wraps ("88% RECYCLED" / "NYLON"). */
  fibreLine: PhotoLine;
  /** Read inside brackets: a breakdown of a share already read ("100% polyester (40% recycled polyester)"). */
  detail: boolean;
  fuzzy: boolean;
}

type Item = { kind: 'share'; share: Share } | { kind: 'section'; section: Section; part: string };

/**
 * Pairs each percentage with its fibre: the fibre after it ("60% cotton", across a line end when the line
 * ends with the number or a modifier), or the fibre just before it ("Cotton 60%"). A list of fibres followed
 * by as many percentages is paired in order, and so is a column of percentages followed by as many fibres
 * (OCR reads a label's columns one after the other). The same fibre again right after a paired one is the same
 * share in another language ("Cotton / Katoen / Baumwolle") and is skipped.
 */
function pairShares(tokens: readonly (Token | null)[]): Item[] {
  const items: Item[] = [];
  let waiting: Extract<Token, { kind: 'percent' }> | null = null;
  let waitingLineEnds = 0;
  /** Percentages in a row with no fibre yet: a column of numbers printed beside a column of fibres. */
  let column: Extract<Token, { kind: 'percent' }>[] = [];
  let unpaired: Extract<Token, { kind: 'fibre' }>[] = [];
  let lastPaired: string | null = null;

  const emit = (percent: Extract<Token, { kind: 'percent' }>, fibre: Extract<Token, { kind: 'fibre' }>) => {
    if (percent.value > 0 && percent.value <= 100) {
      items.push({
        kind: 'share',
        share: {
          fibre: fibre.fibre,
          percent: percent.value,
          line: percent.line,
          fibreLine: fibre.line,
          detail: percent.inBrackets,
          fuzzy: fibre.fuzzy || percent.bare,
        },
      });
    }
    lastPaired = fibre.fibre;
  };

  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token === null || token === undefined) {
      if (waiting !== null && ++waitingLineEnds > 1) {
        waiting = null;
        column = [];
      }
      continue;
    }
    switch (token.kind) {
      case 'percent': {
        if (unpaired.length >= 2) {
          const following = tokens
            .slice(index, index + unpaired.length * 2)
            .filter((next): next is Extract<Token, { kind: 'percent' }> => next?.kind === 'percent');
          if (following.length >= unpaired.length) {
            unpaired.forEach((fibre, position) => {
              const percent = following[position];
              if (percent !== undefined) emit(percent, fibre);
            });
            const last = following[unpaired.length - 1];
            index = last === undefined ? index : tokens.indexOf(last, index);
            unpaired = [];
            waiting = null;
            column = [];
            break;
          }
        }
        // "Cotton 60%": a fibre just before the number on its line, or on the line above with none after.
        const before = unpaired.at(-1);
        if (before !== undefined && (before.line === token.line || !nextFibreOnLine(tokens, index))) {
          emit(token, before);
          unpaired = [];
          waiting = null;
          column = [];
        } else {
          column = waiting === null ? [token] : [...column, token];
          waiting = token;
          waitingLineEnds = 0;
          unpaired = [];
        }
        break;
      }
      case 'fibre': {
        const fibres = column.length >= 2 ? fibreColumn(tokens, index, column.length) : [];
        if (fibres.length === column.length && fibres.length >= 2) {
          fibres.forEach((fibre, position) => {
            const percent = column[position];
            if (percent !== undefined) emit(percent, fibre);
          });
          index = tokens.indexOf(fibres.at(-1) ?? token, index);
          waiting = null;
          column = [];
        } else if (waiting !== null) {
          emit(waiting, token);
          waiting = null;
          column = [];
        } else if (token.fibre !== lastPaired && !unpaired.some((fibre) => fibre.fibre === token.fibre)) {
          unpaired.push(token);
        }
        break;
      }
      case 'section':
        items.push({ kind: 'section', section: token.section, part: token.part });
        waiting = null;
        column = [];
        unpaired = [];
        lastPaired = null;
        break;
      case 'modifier':
        break;
      case 'other':
        waiting = null;
        column = [];
        unpaired = [];
        lastPaired = null;
        break;
    }
  }
  return items;
}

/** The next `count` different fibres from `index` on, when nothing but line ends and modifiers come between. */
function fibreColumn(
  tokens: readonly (Token | null)[],
  index: number,
  count: number,
): Extract<Token, { kind: 'fibre' }>[] {
  const fibres: Extract<Token, { kind: 'fibre' }>[] = [];
  for (let next = index; next < tokens.length && fibres.length < count; next += 1) {
    const token = tokens[next];
    if (token === null || token === undefined || token.kind === 'modifier') continue;
    if (token.kind !== 'fibre' || fibres.some((fibre) => fibre.fibre === token.fibre)) break;
    fibres.push(token);
  }
  return fibres;
}

/** True when a fibre follows the percentage at `index` on its line, before any other percentage. */
function nextFibreOnLine(tokens: readonly (Token | null)[], index: number): boolean {
  for (let next = index + 1; next < tokens.length; next += 1) {
    const token = tokens[next];
    if (token === null || token === undefined || token.kind === 'percent' || token.kind === 'other')
      return false;
    if (token.kind === 'fibre') return true;
  }
  return false;
}

interface Group {
  section: Section | 'unlabelled';
  /** The part its section word named ("lining", "filling"), so two parts of one fibre stay two. */
  part: string | null;
  shares: Share[];
}

function total(shares: readonly FibreShare[]): number {
  return shares.reduce((sum, share) => sum + share.percent, 0);
}

/**
 * Groups shares into compositions: a section word starts a new group, and so does a share once the group
 * reached 100%, at a 100% share, or when its fibre is already in the group and the group holds two or more
 * shares or would go over 100% (the next language's or the next OCR pass's repeat). A group after a full one keeps its section, since a repeat in another language often comes
 * without its own section word. Bracketed breakdowns of a share already read are left out.
 */
function groupsOf(items: readonly Item[]): Group[] {
  const groups: Group[] = [];
  let current: Group = { section: 'unlabelled', part: null, shares: [] };
  const close = () => {
    if (current.shares.length > 0) groups.push(current);
  };
  for (const item of items) {
    if (item.kind === 'section') {
      if (current.shares.length > 0 || current.section !== item.section) {
        close();
        current = { section: item.section, part: item.part, shares: [] };
      }
      continue;
    }
    const { share } = item;
    const repeated = current.shares.some((other) => other.fibre === share.fibre);
    if (share.detail && (repeated || total(current.shares) >= 100)) continue;
    const overflows = total(current.shares) + share.percent > 100.5;
    const whole = share.percent >= 99.5;
    if (total(current.shares) >= 100 || whole || (repeated && (current.shares.length >= 2 || overflows))) {
      close();
      current = { section: current.section, part: current.part, shares: [] };
    }
    current.shares.push(share);
  }
  close();
  return groups;
}

/** The same fibre twice in one group is one fibre ("50% cotton 50% recycled cotton"). */
function merge(shares: readonly Share[]): Share[] {
  const merged: Share[] = [];
  for (const share of shares) {
    const same = merged.find((other) => other.fibre === share.fibre);
    if (same === undefined) merged.push({ ...share });
    else same.percent += share.percent;
  }
  return merged;
}

function isWhole(shares: readonly FibreShare[]): boolean {
  return Math.abs(total(shares) - 100) < 0.5;
}

const signature = (group: Group) => group.shares.map((share) => share.fibre).join('+');

/** Readings to enumerate at most when reconciling; real labels have a handful. */
const MAX_COMBINATIONS = 4096;

/**
 * Two readings of one composition that each fail to add up (one OCR pass read "18%" as "48%", the other
 * misread another share) still pin it down when exactly one choice of their numbers, share by share, makes
 * 100. Returns that choice, or null when there is none or more than one.
 */
function reconcile(readings: readonly Group[]): Share[] | null {
  const first = readings[0];
  if (first === undefined || readings.length < 2) return null;
  const options = first.shares.map((_, position) => [
    ...new Set(readings.map((reading) => reading.shares[position]?.percent ?? 0)),
  ]);
  if (options.reduce((count, values) => count * values.length, 1) > MAX_COMBINATIONS) return null;
  let combinations: number[][] = [[]];
  for (const values of options) {
    combinations = combinations.flatMap((chosen) => values.map((value) => [...chosen, value]));
  }
  const whole = combinations.filter((numbers) => Math.abs(numbers.reduce((a, b) => a + b, 0) - 100) < 0.5);
  const chosen = whole.length === 1 ? whole[0] : undefined;
  if (chosen === undefined) return null;
  return first.shares.map((share, position) => ({ ...share, percent: chosen[position] ?? share.percent }));
}

interface Composition {
  group: Group;
  /**
   * How its numbers were settled: read as printed, chosen between two readings of the block, or corrected
   * from a misread share or fibre because only that correction makes the block add up.
   */
  settled: 'read' | 'reconciled' | 'corrected';
  /** Where its first reading stands among the groups: the first whole one is the main fabric. */
  order: number;
}

/** The groups that read as a whole composition, reconciling repeated readings that do not add up alone. */
function compositions(groups: readonly Group[]): Composition[] {
  const found: Composition[] = [];
  const done = new Set<string>();
  for (const [order, group] of groups.entries()) {
    if (isWhole(group.shares)) {
      found.push({ group, settled: 'read', order });
      continue;
    }
    const key = `${group.section === 'secondary'}:${signature(group)}`;
    if (done.has(key)) continue;
    done.add(key);
    const readings = groups.filter(
      (other) =>
        (other.section === 'secondary') === (group.section === 'secondary') &&
        signature(other) === signature(group),
    );
    if (readings.some((reading) => isWhole(reading.shares))) continue;
    const shares = reconcile(readings);
    if (shares !== null) found.push({ group: { ...group, shares }, settled: 'reconciled', order });
  }
  return found.sort((a, b) => a.order - b.order);
}

/** Every composition the lines hold, photo by photo, in reading order. */
function compositionsOf(lines: readonly PhotoLine[]): Composition[] {
  const photos = [...new Set(lines.map((line) => line.photo))];
  const items = photos.flatMap((photo) => pairShares(tokensOf(lines.filter((line) => line.photo === photo))));
  return compositions(groupsOf(items).map((group) => ({ ...group, shares: merge(group.shares) })));
}

/** A block the label itself calls the main fabric ("BODY:", "SHELL:") wins over one it does not name. */
function mainOf(found: readonly Composition[]): Composition | undefined {
  return (
    found.find((composition) => composition.group.section === 'main') ??
    found.find((composition) => composition.group.section !== 'secondary')
  );
}

/** The digits OCR takes each of these marks for in a share ("S3P%" is 83% or 53%, "1O%" is 10%). */
const DIGIT_LOOKALIKES: Record<string, readonly string[]> = {
  S: ['8', '5'],
  B: ['8'],
  O: ['0'],
  o: ['0'],
  D: ['0'],
  I: ['1'],
  l: ['1'],
  '|': ['1'],
  Z: ['2'],
  g: ['9'],
  q: ['9'],
};
/**
 * A share whose number holds a mark OCR confuses with a digit, or a stray letter between the digits and the
 * "%" ("S3P%", "2Z%", "4O%"). At least one real digit: a word before a "%" is not a number.
 */
const GARBLED_SHARE = /(?<![\p{L}\d|])([\dSBOoDIl|Zgq]{1,3})(\p{L}?)(?=\s?%)/gu;
/** A word right after a share, digits included ("21%N8ON"): the fibre it should name. */
const WORD_AFTER_SHARE = /(?<=%\s?)[\p{L}\d]+/gu;
/** Fibre words at most this many edits away are tried for a misread word after a share ("n8on" -> "nylon"). */
const MISREAD_FIBRE_MAX_EDITS = 2;
/** Shorter words are too close to too many fibre words at two edits. */
const MISREAD_FIBRE_MIN_LENGTH = 4;
/** Readings of one photo's lines tried at most; a garbled block has a few. */
const MAX_CORRECTED_READINGS = 256;

/** Every number a garbled share token can stand for, 1 to 100; empty when it holds nothing garbled. */
function shareReadings(digits: string, strayLetter: string): number[] {
  if (!/\d/.test(digits) || (strayLetter === '' && /^\d+$/.test(digits))) return [];
  const readingsOf = (marks: string) => {
    let readings = [''];
    for (const mark of marks) {
      const options = /\d/.test(mark) ? [mark] : (DIGIT_LOOKALIKES[mark] ?? []);
      readings = readings.flatMap((reading) => options.map((digit) => reading + digit));
    }
    return readings;
  };
  // The stray letter may itself be a lookalike ("83S%"), taken into the number by the pattern.
  const withoutStray = strayLetter === '' && /\D$/.test(digits) ? readingsOf(digits.slice(0, -1)) : [];
  return [...new Set([...readingsOf(digits), ...withoutStray].map(Number))].filter(
    (value) => value > 0 && value <= 100,
  );
}

/** The one fibre a misread word after a share is closest to, within two edits, or null when that is not one. */
function misreadFibre(word: string): string | null {
  const normalised = normaliseWords(word);
  if (normalised.length < MISREAD_FIBRE_MIN_LENGTH || normalised.includes(' ')) return null;
  if (FIBRE_WORDS.has(normalised) || fuzzyFibre(normalised) !== null) return null;
  let best: { fibres: Set<string>; edits: number } | null = null;
  for (const [candidate, fibre] of FIBRE_WORDS) {
    const edits = boundedEditDistance(normalised, candidate, MISREAD_FIBRE_MAX_EDITS);
    if (edits > MISREAD_FIBRE_MAX_EDITS || (best !== null && edits > best.edits)) continue;
    if (best === null || edits < best.edits) best = { fibres: new Set([fibre]), edits };
    else best.fibres.add(fibre);
  }
  return best?.fibres.size === 1 ? ([...best.fibres][0] ?? null) : null;
}

/**
 * A bare number ending in 4 right before a word may be a share whose "%" was read as a 4 ("74 WSCOSE" for
 * "7% VISCOSE"). Only tried as a correction: "44 COTTON" is as likely 44 %.
 */
const PERCENT_READ_AS_FOUR = /(?<![\p{L}\d%.,#:/-]\s?)([1-9]\d?)4(?=\s?\p{L})/gu;

/** The line with each garbled share token read as each number its marks can stand for. */
function garbledShareReadings(text: string): string[] {
  let readings = [''];
  let rest = 0;
  for (const match of text.matchAll(GARBLED_SHARE)) {
    const [token, digits = '', strayLetter = ''] = match;
    const numbers = shareReadings(digits, strayLetter);
    if (numbers.length === 0) continue;
    const before = text.slice(rest, match.index);
    readings = readings.flatMap((reading) => numbers.map((number) => `${reading}${before}${number}`));
    rest = match.index + token.length;
  }
  return readings.map((reading) => reading + text.slice(rest));
}

/**
 * The other ways a line may read when OCR garbled its shares: each garbled share token read as each number
 * its marks can stand for, a "%" read as a 4, and a misread word after a share as the fibre it is closest
 * to. Empty when the line holds nothing garbled.
 */
function correctedReadings(text: string): string[] {
  const percentsFixed = fixPercentDigits(text);
  const fourAsPercent = percentsFixed.replace(PERCENT_READ_AS_FOUR, '$1%');
  const bases = [...new Set([percentsFixed, fourAsPercent])].map((base) =>
    base.replace(WORD_AFTER_SHARE, (word) => misreadFibre(word) ?? word),
  );
  const readings = [...new Set(bases.flatMap(garbledShareReadings))];
  return readings.length === 1 && readings[0] === percentsFixed ? [] : readings;
}

/**
 * A composition block that does not add up because OCR garbled a share ("S3P%POLYESTER" / "12%RAYON" /
 * "5%SPANDEX") is read again with each correction its garbled tokens allow; a correction is taken only when
 * it makes a block add up to exactly 100 and no other correction does. A guess that merely fits is not
 * taken: with two fitting readings, or none, the label keeps what it says for certain.
 */
function correctedComposition(lines: readonly PhotoLine[]): Composition | null {
  const alternatives = lines.map((line) => correctedReadings(line.text));
  const garbled = alternatives.flatMap((readings, index) => (readings.length > 0 ? [index] : []));
  const count = garbled.reduce((product, index) => product * (alternatives[index]?.length ?? 1), 1);
  if (garbled.length === 0 || count > MAX_CORRECTED_READINGS) return null;

  let readings: PhotoLine[][] = [[...lines]];
  for (const index of garbled) {
    readings = readings.flatMap((reading) =>
      (alternatives[index] ?? []).map((text) =>
        reading.map((line, at) => (at === index ? { ...line, text } : line)),
      ),
    );
  }
  const fitting = new Map<string, Composition>();
  for (const reading of readings) {
    const changed = new Set(garbled.map((index) => reading[index]));
    for (const composition of compositionsOf(reading)) {
      const { shares } = composition.group;
      const usesCorrection = shares.some((share) => changed.has(share.line) || changed.has(share.fibreLine));
      if (composition.settled !== 'read' || !usesCorrection) continue;
      fitting.set(`${composition.group.section}:${composition.group.part}:${shareKey(shares)}`, composition);
    }
  }
  if (fitting.size !== 1) return null;
  const [corrected] = fitting.values();
  if (corrected === undefined) return null;
  // The evidence quotes the label as the reader read it, not the correction.
  const asRead = (line: PhotoLine) =>
    lines.find((original) => original.photo === line.photo && original.index === line.index) ?? line;
  const shares = corrected.group.shares.map((share) => ({
    ...share,
    line: asRead(share.line),
    fibreLine: asRead(share.fibreLine),
    fuzzy: true,
  }));
  return { ...corrected, group: { ...corrected.group, shares }, settled: 'corrected' };
}

const CONFIDENCE_BY_SETTLING: Record<Composition['settled'], number> = {
  read: 0.9,
  reconciled: 0.75,
  corrected: 0.7,
};
/** A fibre read fuzzily or a share without its "%" is a little less sure than a clean read. */
const FUZZY_READ_CONFIDENCE = 0.8;

function confidenceOf(composition: Composition): number {
  const line = composition.group.shares[0]?.line;
  const fuzzy = composition.group.shares.some((share) => share.fuzzy);
  const base =
    composition.settled === 'read' && fuzzy
      ? FUZZY_READ_CONFIDENCE
      : CONFIDENCE_BY_SETTLING[composition.settled];
  return roundConfidence(base * (0.7 + 0.3 * (line?.confidence ?? 0)));
}

const RULE_BY_SETTLING: Record<Composition['settled'], string> = {
  read: 'composition.main',
  reconciled: 'composition.main_reconciled',
  corrected: 'composition.main_corrected',
};

/**
 * The main fabric's composition, largest share first; null when no part adds up to 100%. Only when nothing
 * adds up as read are garbled shares corrected, so a label read cleanly never changes.
 */
export function parseComposition(texts: readonly PhotoText[]): Fact<FibreShare[]> | null {
  const lines = toLines(texts);
  const found = compositionsOf(lines);
  const main = mainOf(found) ?? correctedComposition(lines) ?? undefined;
  if (main === undefined) return null;
  if (!found.includes(main)) found.push(main);

  const secondary = found.filter(
    (composition) => composition !== main && composition.group.section === 'secondary',
  );
  // One piece of evidence per part and composition: the lining repeated in three languages is one lining.
  const partKey = (composition: Composition) =>
    `${composition.group.part}:${shareKey(composition.group.shares)}`;
  const uniqueSecondary = secondary.filter(
    (composition, index) => secondary.findIndex((other) => partKey(other) === partKey(composition)) === index,
  );
  return {
    value: [...main.group.shares]
      .sort((a, b) => b.percent - a.percent)
      .map(({ fibre, percent }) => ({ fibre, percent })),
    evidence: [main, ...uniqueSecondary].map((composition) => {
      const line = composition.group.shares[0]?.line;
      return {
        source: 'label_text' as const,
        ...(line === undefined ? {} : { photo: line.photo, text: evidenceText(composition.group.shares) }),
        rule: composition === main ? RULE_BY_SETTLING[composition.settled] : 'composition.secondary',
        confidence: confidenceOf(composition),
      };
    }),
  };
}

/** The lines the shares were read from, in order, once each: "88% RECYCLED / NYLON / 12% ELASTANE". */
function evidenceText(shares: readonly Share[]): string {
  const lines = shares.flatMap((share) => [share.line, share.fibreLine]);
  return [...new Set(lines.sort((a, b) => a.index - b.index).map((line) => line.text))].join(' / ');
}

function shareKey(shares: readonly FibreShare[]): string {
  return shares.map((share) => `${share.fibre}:${share.percent}`).join(',');
}
