// Reads care instructions from the care label's own words in en, fr, de, pl, es and it ("DO NOT TUMBLE DRY",
// "Lavage en machine à 30°C", "Nie suszyć w suszarce"), as the writer's normalised instructions
// (CARE_INSTRUCTIONS in writer/vocabulary.ts, or 'machine wash 30' for a wash temperature the text prints).
// Only what the label says: never care that follows from the fibre, and a wrong instruction is a false claim,
// so a phrase the reader garbled is left unread rather than guessed.
//
// The reader drops spaces between small-print words ("DONOT TUMBLEDRY", "MACHINEWASHWARM") and wraps a phrase
// over lines ("DO NOT" / "BLEACH"), so the phrases are matched on a photo's lines run together without
// spaces, accents or case.
import type { Fact, PhotoText } from '../facts';
import { type PhotoLine, roundConfidence, stripAccents, toLines } from './normalise';
import type { CareInstruction } from './writer/vocabulary';

/** A machine wash at a printed temperature, 'machine wash 30', or one of the writer's fixed instructions. */
type CareValue = CareInstruction | `machine wash ${number}`;

interface CarePhrase {
  instruction: CareInstruction;
  pattern: RegExp;
  /** An adjective before its verb ("COOL IRON"): read only as a phrase of its own, on one line. */
  oneLine?: boolean;
}

/** Negations that come before the verb in the label languages ("do not", "ne pas", "nicht", "nie", "no", "non"). */
const NEGATED = '(?<!donot|dont|no|never|nepas|pasde|nicht|nie|non)';

/** Builds a pattern from its alternatives, each already in the run-together form ("donottumbledry"). */
function phrases(...alternatives: string[]): RegExp {
  return new RegExp(alternatives.join('|'), 'g');
}

/**
 * The phrases, the longer of two that share words first: a phrase read first owns its letters ("do not tumble
 * dry" over "tumble dry"). Positive phrases also carry the negation guard, and "do not iron" excludes "DO NOT
 * IRON ON PRINT", which is about the print, not the garment.
 */
const CARE_PHRASES: readonly CarePhrase[] = [
  {
    instruction: 'machine wash cold',
    pattern: phrases(
      'machinewash(?:separately)?(?:with(?:like|similar)colou?rs)?(?:in)?cold',
      'lav(?:er|age)(?:a|en)?(?:la)?machine(?:a)?(?:l)?eaufroide',
      'lava(?:r|do)(?:a|en)maquina(?:en|con)?(?:agua)?fri[ao]',
      'lava(?:re|ggio)inlavatrice(?:a|in)?(?:acqua)?fredd[ao]',
    ),
  },
  {
    instruction: 'machine wash warm',
    pattern: phrases(
      'machinewash(?:separately)?(?:in)?warm',
      'lav(?:er|age)(?:a|en)?(?:la)?machine(?:a)?(?:l)?eautiede',
    ),
  },
  {
    instruction: 'machine wash',
    pattern: phrases(
      `${NEGATED}machinewash`,
      'lav(?:age|er|able)(?:en|a)(?:la)?machine',
      `${NEGATED}maschinenw(?:asche|aschbar)`,
      `${NEGATED}pra(?:c|nie)wpralce`,
      'praniemechaniczne',
      `${NEGATED}lava(?:r|do)(?:a|en)(?:maquina|lavadora)`,
      `${NEGATED}lava(?:re|ggio|bile)inlavatrice`,
    ),
  },
  {
    instruction: 'hand wash',
    pattern: phrases(
      `${NEGATED}handwash`,
      'lav(?:age|er)alamain',
      `${NEGATED}handwasche`,
      `${NEGATED}pra(?:c|nie)reczn(?:ie|e)`,
      `${NEGATED}lava(?:r|do)amano`,
      `${NEGATED}lava(?:re|ggio)amano`,
    ),
  },
  {
    instruction: 'do not wash',
    pattern: phrases(
      '(?:donot|dont)wash(?!separately|with|inside|in|at|dark|light)',
      'nepaslaver(?!a|en|sur|avec)',
      'nichtwaschen',
      'nieprac(?!w|na|odd|osob)',
      'nolavar(?!en|a|con|del|al|por)',
      'nonlavare(?!a|in|con|al)',
    ),
  },
  {
    instruction: 'non-chlorine bleach only',
    pattern: phrases('nonchlorinebleach', '(?:javell?isant|agentdeblanchiment)sanschlore'),
  },
  {
    instruction: 'do not bleach',
    pattern: phrases(
      '(?:donot|dont|no)bleach',
      'nepas(?:blanchir|javell?iser)',
      'pasdejavel',
      'nichtbleichen',
      'niewybielac',
      'no(?:usar|utilizar)?lejia',
      'noblanquear',
      'non(?:usare)?candeggi(?:are|na)',
    ),
  },
  {
    instruction: 'do not tumble dry',
    pattern: phrases(
      '(?:donot|dont|no)tumbledry',
      '(?:nepassecher|pasdesechage|nepasutiliser(?:de|le)?)(?:en|au)?(?:tambour|machine|sechelinge)',
      'nichtimtrockner',
      'nichttrocknergeeignet',
      'niesuszyc(?:wsuszarce|mechanicznie|bebnowo)',
      'no(?:secarensecadora|usarsecadora|utilizarsecadora)',
      'non(?:asciugareinasciugatrice|asciugareatamburo|usareasciugatrice)',
    ),
  },
  {
    instruction: 'tumble dry low',
    pattern: phrases(`${NEGATED}tumbledry(?:on|at)?low`),
  },
  {
    instruction: 'tumble dry',
    pattern: phrases(`${NEGATED}tumbledry`),
  },
  {
    instruction: 'dry flat',
    pattern: phrases(
      'dryflat',
      'la(?:y|id)flat',
      'sech(?:er|age)aplat',
      'liegendtrocknen',
      'flachtrocknen',
      'susz(?:yc|enie)(?:na)?plasko',
      'suszycwpozycjipoziomej',
      'seca(?:r|do)en(?:plano|horizontal)',
      'asciuga(?:re|tura)in(?:piano|orizzontale)',
    ),
  },
  {
    instruction: 'line dry',
    pattern: phrases('linedry', 'hang(?:to)?dry', 'aufderleinetrocknen'),
  },
  {
    instruction: 'drip dry',
    pattern: phrases('dripdry', 'tropfnassaufhangen'),
  },
  {
    instruction: 'iron low',
    pattern: phrases('(?:cool|low)iron'),
    oneLine: true,
  },
  {
    instruction: 'iron low',
    pattern: phrases(
      `${NEGATED}iron(?:at|on)?low`,
      'repassagedoux',
      'ferdoux',
      'repass(?:er|age)(?:a)?(?:basse|faible)temperature',
      '(?<!nicht)bugeln(?:bei)?niedriger',
      'beiniedrigertemperaturbugeln',
      'prasowa(?:c|nie)(?:w)?niskiejtemperaturze',
      'planchar(?:a)?(?:baja|poca)temperatura',
      'stirare(?:a)?bassatemperatura',
    ),
  },
  {
    instruction: 'iron medium',
    pattern: phrases('(?<!wash)(?:warm|medium)iron'),
    oneLine: true,
  },
  {
    instruction: 'iron medium',
    pattern: phrases(
      `${NEGATED}iron(?:at|on)?medium`,
      'repassage(?:a)?temperaturemoyenne',
      'bugeln(?:bei)?mittlerertemperatur',
      'planchar(?:a)?temperaturamedia',
      'stirare(?:a)?mediatemperatura',
    ),
  },
  {
    instruction: 'iron high',
    pattern: phrases('(?<!wash)(?:hot|high)iron'),
    oneLine: true,
  },
  {
    instruction: 'iron high',
    pattern: phrases(
      `${NEGATED}iron(?:at|on)?high`,
      'repassage(?:a)?(?:haute|forte)temperature',
      'bugeln(?:bei)?hohertemperatur',
      'planchar(?:a)?altatemperatura',
      'stirare(?:ad?)?altatemperatura',
    ),
  },
  {
    instruction: 'do not iron',
    pattern: phrases(
      '(?:donot|dont|no)iron(?!on|print|deco|label|trim|logo|motif|graphic|embell|applique|transfer)',
      'nepasrepasser(?!sur|le|la|les|l)',
      '(?<!motiv|druck)nichtbugeln',
      'nieprasowac(?!nadruk|haft|aplikac)',
      'noplanchar(?!el|la|sobre|estamp|ador|serig)',
      'nonstirare(?!la|il|sul|stamp|decor)',
    ),
  },
  {
    instruction: 'do not dry clean',
    pattern: phrases(
      '(?:donot|dont|no)dryclean',
      'nepasnettoyerasec',
      'nettoyageasecinterdit',
      'nichtchemischreinigen',
      'nieczyscic(?:chemicznie|nasucho)',
      'no(?:lavar|limpiar)enseco',
      'nonlavareasecco',
    ),
  },
  {
    instruction: 'dry clean',
    pattern: phrases(
      `${NEGATED}dryclean`,
      `${NEGATED}nettoy(?:age|er)asec(?!interdit)`,
      `${NEGATED}chemisch(?:e)?reinig(?:en|ung)`,
      `${NEGATED}czysc(?:ic|zenie)chemiczn(?:ie|e)`,
      `${NEGATED}(?:lava(?:r|do)|limpi(?:ar|eza))enseco`,
      `${NEGATED}lava(?:re|ggio)asecco`,
    ),
  },
  {
    instruction: 'wash inside out',
    pattern: phrases(
      'turn(?:garment|item|product|article)?insideout',
      'wash(?:garment|item)?insideout',
      'lav(?:er|age)(?:a|sur)lenvers',
      'links(?:gewendet)?waschen',
      'pracnalewejstronie',
      'lavar(?:del|al)reves',
      'lavare(?:al|a)rovescio',
    ),
  },
  {
    instruction: 'wash separately',
    pattern: phrases(
      'wash(?:dark|light|bright)?(?:colou?rs)?(?:cold|warm)?separately',
      'lav(?:er|age)separement',
      '(?:separat|getrennt|einzeln)waschen',
      'prac(?:oddzielnie|osobno)',
      'lavar(?:porseparado|separadamente)',
      'lavare(?:separatamente|aparte)',
    ),
  },
];

/** Words that start a wash phrase; a hand wash at 40°C stays a hand wash (the writer words machine washes). */
const WASH_WORD =
  '(?:(?<!hand)wash|lav(?:age|er)(?!alamain)|(?<!hand)w(?:asche|aschen)|pra(?:c|nie)(?!reczn)|lava(?:r|do|re|ggio)(?!amano|enseco|asecco))';
/** What may stand between a wash word and its temperature: no clause stop, and no other instruction. */
const SAME_INSTRUCTION =
  '(?:(?!hand|wash|wasch|lav(?!atrice|adora)|prac|iron|dry|bleach|trock|sech|repass)[^.,;:]){0,24}?';
/**
 * A wash word, then within the same instruction a temperature the label prints ("MACHINE WASH 30°C", "GENTLE
 * WASH AT 30°C", "Maschinenwäsche 30°", "Lavage en machine à 30°C"); "30C" only as a word of its own.
 */
const WASH_AT_TEMPERATURE = new RegExp(`${WASH_WORD}${SAME_INSTRUCTION}(?<!\\d)([2-9]0|95)(°c?|c)`, 'g');

/** A line the reader is this unsure of is left unread: a misread care word is a false claim. */
const MIN_LINE_CONFIDENCE = 0.5;

interface Found {
  value: CareValue;
  /** Where the phrase starts in the photo's run-together text, to keep the label's order. */
  at: number;
  photo: number;
  lines: PhotoLine[];
}

/** A line run together: accent-free lower case with spaces and marks dropped, clause stops kept. */
interface RunTogether {
  text: string;
  /** Offsets in `text` where a word of the line as read begins (after a space, a mark or the line start). */
  wordStarts: number[];
}

function runTogether(line: string): RunTogether {
  const folded = stripAccents(line)
    .toLowerCase()
    // "30'C" and "3O°C" are the reader's "30°C".
    .replace(/(?<=\d)o(?=\s?[°'’])/g, '0')
    .replace(/(?<=\d)\s?['’º˚]/g, '°')
    // "w temp. 30°C": the abbreviation's dot ends no clause.
    .replace(/\btemp\./g, 'temp');
  let text = '';
  const wordStarts: number[] = [];
  let afterLetter = false;
  for (const character of folded) {
    const isLetter = /[a-z]/.test(character);
    if (isLetter && !afterLetter) wordStarts.push(text.length);
    if (/[a-z0-9°%.,;:]/.test(character)) text += character;
    afterLetter = isLetter;
  }
  return { text, wordStarts };
}

/**
 * A short negation ("no", "non", "nie") negates only as a word of its own: "Non-chlonno bleach" is not
 * "no bleach". The reader's dropped spaces hide some word starts, and then the instruction is not read.
 */
const SHORT_NEGATION = /^(?:no|non|nie)(?!t)/;

/** Every care phrase on one photo's lines, in the label's order. */
function careOnPhoto(lines: readonly PhotoLine[]): Found[] {
  const readable = lines.filter((line) => line.confidence >= MIN_LINE_CONFIDENCE);
  const starts: number[] = [];
  const wordStarts = new Set<number>();
  let text = '';
  for (const line of readable) {
    const together = runTogether(line.text);
    starts.push(text.length);
    for (const start of together.wordStarts) wordStarts.add(text.length + start);
    text += together.text;
  }
  const linesBetween = (from: number, to: number) =>
    readable.filter((_, index) => {
      const start = starts[index] ?? 0;
      const end = starts[index + 1] ?? text.length;
      return start < to && end > from;
    });

  const found: Found[] = [];
  const taken: [number, number][] = [];
  const add = (value: CareValue, from: number, to: number) => {
    const spanned = linesBetween(from, to);
    const photo = spanned[0]?.photo;
    if (photo !== undefined) found.push({ value, at: from, photo, lines: spanned });
  };

  for (const match of text.matchAll(WASH_AT_TEMPERATURE)) {
    const to = match.index + match[0].length;
    // A bare "C" must end the word: "30CM" is a length, "30C" then the next line's "DO NOT" a temperature.
    if (match[2] === 'c' && /[a-z]/.test(text[to] ?? '') && !wordStarts.has(to)) continue;
    add(`machine wash ${Number(match[1])}`, match.index, to);
  }
  for (const { instruction, pattern, oneLine } of CARE_PHRASES) {
    for (const match of text.matchAll(pattern)) {
      const [from, to] = [match.index, match.index + match[0].length];
      // A longer phrase already read here owns its words: "do not tumble dry" is not also "tumble dry".
      if (taken.some(([start, end]) => from >= start && to <= end)) continue;
      if (SHORT_NEGATION.test(match[0]) && instruction.startsWith('do not ') && !wordStarts.has(from))
        continue;
      // "COOL IRON" read out of "WASH COOL" / "IRON", or "LOW IRON" out of "TUMBLE DRY LOW IRON", is no setting.
      if (oneLine === true && (linesBetween(from, to).length > 1 || !wordStarts.has(from))) continue;
      taken.push([from, to]);
      add(instruction, from, to);
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

const MACHINE_WASH_FAMILY = new Set<string>(['machine wash', 'machine wash cold', 'machine wash warm']);
const IRON_LEVELS = new Set<string>(['iron low', 'iron medium', 'iron high']);

/**
 * The label's instructions once each, the most exact reading of each kept: a printed temperature over
 * "cold", "cold" over a bare machine wash, "tumble dry low" over "tumble dry". Two temperatures, or two iron
 * settings, contradict each other and neither is stated.
 */
function settle(found: readonly Found[]): Found[] {
  const values = new Set(found.map((item) => item.value));
  const temperatures = [...values].filter((value) => /^machine wash \d+$/.test(value));
  const ironLevels = [...values].filter((value) => IRON_LEVELS.has(value));
  const drop = new Set<string>();
  const dropAll = (dropped: Iterable<string>) => {
    for (const value of dropped) drop.add(value);
  };
  if (temperatures.length > 1) dropAll(temperatures);
  if (temperatures.length === 1) dropAll(MACHINE_WASH_FAMILY);
  if (values.has('machine wash cold') && values.has('machine wash warm'))
    dropAll(['machine wash cold', 'machine wash warm']);
  if (values.has('machine wash cold') || values.has('machine wash warm')) drop.add('machine wash');
  if (values.has('tumble dry low')) drop.add('tumble dry');
  if (ironLevels.length > 1) dropAll(ironLevels);
  const seen = new Set<string>();
  return found.filter((item) => {
    if (drop.has(item.value) || seen.has(item.value)) return false;
    seen.add(item.value);
    return true;
  });
}

/** Base confidence of an instruction read in so many words; the line's own reading scales it. */
const CARE_WORDS_CONFIDENCE = 0.85;

/** What the care label says to do, in its order; null when no photo's text states any care. */
export function readCare(texts: readonly PhotoText[]): Fact<string[]> | null {
  const lines = toLines(texts);
  const photos = [...new Set(lines.map((line) => line.photo))];
  const found = settle(photos.flatMap((photo) => careOnPhoto(lines.filter((line) => line.photo === photo))));
  if (found.length === 0) return null;
  return {
    value: found.map((item) => item.value),
    evidence: found.map((item) => ({
      source: 'label_text' as const,
      photo: item.photo,
      text: item.lines.map((line) => line.text).join(' / '),
      rule: 'care.label_words',
      confidence: roundConfidence(
        CARE_WORDS_CONFIDENCE * (0.7 + 0.3 * Math.min(...item.lines.map((line) => line.confidence))),
      ),
    })),
  };
}
