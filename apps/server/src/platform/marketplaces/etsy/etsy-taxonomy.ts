// Where an item goes in Etsy's seller taxonomy and which of the node's properties the listing fills
// (getSellerTaxonomyNodes, getPropertiesByTaxonomyId). Pure functions over Etsy's own answers: the node is found
// by the names Etsy gives its categories, so a node Etsy renumbers is still found, and one it removes is not
// guessed at.
import type { Colour, FibreShare } from '@snaplist/contract';
import { type Department, departmentFor, type ItemKind, itemWords, kindOf } from '@snaplist/contract/item';

/** A node of getSellerTaxonomyNodes' tree. */
export interface EtsyTaxonomyNode {
  id: number;
  level: number;
  name: string;
  parent_id: number | null;
  children: EtsyTaxonomyNode[];
  full_path_taxonomy_ids: number[];
}

export interface EtsyPropertyValue {
  value_id: number | null;
  name: string;
  scale_id: number | null;
  equal_to: number[];
}

/** A property of getPropertiesByTaxonomyId. */
export interface EtsyTaxonomyProperty {
  property_id: number;
  name: string;
  display_name: string;
  scales: Array<{ scale_id: number; display_name: string; description: string }>;
  is_required: boolean;
  supports_attributes: boolean;
  supports_variations: boolean;
  is_multivalued: boolean;
  max_values_allowed: number | null;
  possible_values: EtsyPropertyValue[];
  selected_values: EtsyPropertyValue[];
}

/** What updateListingProperty is sent for one property. */
export interface EtsyPropertyChoice {
  propertyId: number;
  scaleId: number | null;
  valueIds: number[];
  values: string[];
}

/** The listing's fields the taxonomy and its properties are read from. */
export interface EtsyItem {
  title: string;
  tags: readonly string[];
  description: string;
  size: string | null;
  colours: readonly Colour[];
  composition: readonly FibreShare[];
}

/** A node to look for, and the words of the listing that ask for it (none: it is the default). */
interface Wanted {
  name: string;
  words?: string[];
}

interface Placement {
  root: string;
  /** Clothing and shoes are filed under a department first; bags and jewellery are not. */
  byDepartment: boolean;
  wanted: Wanted[];
}

const clothing = (...names: string[]): Placement => ({
  root: 'Clothing',
  byDepartment: true,
  wanted: names.map((name) => ({ name })),
});

const PLACEMENTS: Record<ItemKind, Placement> = {
  dress: clothing('Dresses'),
  skirt: clothing('Skirts'),
  jeans: clothing('Jeans'),
  trousers: clothing('Trousers'),
  shorts: clothing('Shorts'),
  leggings: clothing('Leggings'),
  jumpsuit: clothing('Jumpsuits & Rompers'),
  't-shirt': clothing('T-shirts', 'Tops & Tees'),
  shirt: clothing('Shirts', 'Tops & Tees'),
  blouse: clothing('Blouses', 'Tops & Tees'),
  top: clothing('Tops & Tees'),
  jumper: clothing('Sweaters'),
  cardigan: clothing('Cardigans', 'Sweaters'),
  hoodie: clothing('Hoodies & Sweatshirts'),
  jacket: clothing('Jackets & Coats'),
  coat: clothing('Jackets & Coats'),
  blazer: clothing('Suits', 'Jackets & Coats'),
  swimwear: clothing('Swimwear'),
  activewear: clothing('Activewear'),
  trainers: { root: 'Shoes', byDepartment: true, wanted: [{ name: 'Sneakers & Athletic Shoes' }] },
  boots: { root: 'Shoes', byDepartment: true, wanted: [{ name: 'Boots' }] },
  shoes: {
    root: 'Shoes',
    byDepartment: true,
    wanted: [
      { name: 'Heels', words: ['heel', 'pump', 'stiletto'] },
      { name: 'Sandals', words: ['sandal'] },
      { name: 'Loafers & Slip Ons', words: ['loafer', 'slip'] },
      { name: 'Flats', words: ['flat', 'ballerina'] },
    ],
  },
  bag: {
    root: 'Bags & Purses',
    byDepartment: false,
    wanted: [
      { name: 'Backpacks', words: ['backpack'] },
      { name: 'Totes', words: ['tote'] },
      { name: 'Clutches & Evening Bags', words: ['clutch'] },
      { name: 'Handbags' },
    ],
  },
  jewellery: {
    root: 'Jewelry',
    byDepartment: false,
    wanted: [
      { name: 'Necklaces', words: ['necklace', 'pendant'] },
      { name: 'Earrings', words: ['earring'] },
      { name: 'Bracelets', words: ['bracelet', 'bangle'] },
      { name: 'Rings', words: ['ring'] },
      { name: 'Brooches, Pins & Clips', words: ['brooch'] },
    ],
  },
  accessory: {
    root: 'Accessories',
    byDepartment: false,
    wanted: [
      { name: 'Belts & Suspenders', words: ['belt'] },
      { name: 'Scarves & Wraps', words: ['scarf', 'scarve', 'shawl'] },
      { name: 'Hats & Caps', words: ['hat', 'cap', 'beanie'] },
      { name: 'Gloves & Mittens', words: ['glove'] },
      { name: 'Sunglasses & Eyewear', words: ['sunglasses'] },
    ],
  },
};

/** Etsy's department nodes below Clothing and Shoes; kids' go to girls' or boys' when the words say so. */
function departmentNames(root: string, department: Department, words: string[]): string[] {
  const noun = root === 'Shoes' ? 'Shoes' : 'Clothing';
  if (department === 'women') return [`Women's ${noun}`];
  if (department === 'men') return [`Men's ${noun}`];
  if (hasWord(words, ['girl'])) return [`Girls' ${noun}`, `Unisex Kids' ${noun}`];
  if (hasWord(words, ['boy'])) return [`Boys' ${noun}`, `Unisex Kids' ${noun}`];
  return [`Unisex Kids' ${noun}`];
}

/**
 * The most specific node for the item: the node its kind is filed under in its department, then the child the
 * seller's words name while there is one. Null when the words say neither what the item is nor, for clothing and
 * shoes, whose it is (never guessed), or when Etsy's tree has no such node.
 */
export function etsyNodeFor(roots: readonly EtsyTaxonomyNode[], item: EtsyItem): EtsyTaxonomyNode | null {
  const text = { title: item.title, tags: item.tags, description: item.description };
  const kind = kindOf(text);
  if (!kind) return null;
  const placement = PLACEMENTS[kind];
  const words = itemWords(text);
  const root = roots.find((node) => sameName(node.name, placement.root));
  if (!root) return null;
  let scope: EtsyTaxonomyNode | undefined = root;
  if (placement.byDepartment) {
    const department = departmentFor(text, kind);
    if (!department) return null;
    const names = departmentNames(placement.root, department, words);
    scope = names
      .map((name) => root.children.find((child) => sameName(child.name, name)))
      .find((node) => node !== undefined);
    if (!scope) return null;
  }
  const wanted = placement.wanted.filter((entry) => !entry.words || hasWord(words, entry.words));
  const found = wanted.map((entry) => findDescendant(scope, entry.name)).find((node) => node !== undefined);
  return narrowed(found ?? scope, words, roots);
}

/**
 * Down the tree while the seller's words name a child ("chelsea" boots, a "crossbody" bag), by the words of its
 * name that its parents' names do not have already: "shoes" does not name "Sneakers & Athletic Shoes".
 */
function narrowed(
  node: EtsyTaxonomyNode,
  words: string[],
  roots: readonly EtsyTaxonomyNode[],
): EtsyTaxonomyNode {
  const known = new Set(pathOf(node, roots).flatMap((ancestor) => nameWords(ancestor.name)));
  let current = node;
  for (;;) {
    const named = current.children.find((child) =>
      hasWord(
        words,
        nameWords(child.name).filter((word) => !known.has(word)),
      ),
    );
    if (!named) return current;
    for (const word of nameWords(named.name)) known.add(word);
    current = named;
  }
}

/** The node and its ancestors, from the ids Etsy lists on it. */
function pathOf(node: EtsyTaxonomyNode, roots: readonly EtsyTaxonomyNode[]): EtsyTaxonomyNode[] {
  const path: EtsyTaxonomyNode[] = [];
  let level: readonly EtsyTaxonomyNode[] = roots;
  for (const id of node.full_path_taxonomy_ids) {
    const step = level.find((candidate) => candidate.id === id);
    if (!step) break;
    path.push(step);
    level = step.children;
  }
  return path;
}

function findDescendant(node: EtsyTaxonomyNode, name: string): EtsyTaxonomyNode | undefined {
  for (const child of node.children) {
    if (sameName(child.name, name)) return child;
  }
  for (const child of node.children) {
    const found = findDescendant(child, name);
    if (found) return found;
  }
  return undefined;
}

/** Etsy's colour names for ours, where they differ (its Primary color list says "Gray", has no navy). */
const ETSY_COLOUR_NAMES: Partial<Record<Colour, string[]>> = {
  Grey: ['Gray', 'Grey'],
  Navy: ['Navy', 'Blue'],
};

type Role = 'size' | 'primaryColour' | 'secondaryColour' | 'material';

function roleOf(property: EtsyTaxonomyProperty): Role | null {
  const name = `${property.name} ${property.display_name}`.toLowerCase();
  if (/\bsize\b/.test(name)) return 'size';
  if (/\bcolou?r\b/.test(name)) return /secondary/.test(name) ? 'secondaryColour' : 'primaryColour';
  if (/\b(material|fabric)\b/.test(name)) return 'material';
  return null;
}

/** The listing's own words for what a property asks, most telling first. */
function candidates(role: Role, item: EtsyItem): string[] {
  const colour = (value: Colour | undefined) => (value ? (ETSY_COLOUR_NAMES[value] ?? [value]) : []);
  switch (role) {
    case 'size': {
      if (!item.size) return [];
      // "UK 10" or "W32 L30": the whole size first, then its parts, one of which a scale lists.
      return [item.size, ...item.size.split(/[\s/,]+/)];
    }
    case 'primaryColour':
      return colour(item.colours[0]);
    case 'secondaryColour':
      return colour(item.colours[1]);
    case 'material':
      return [...item.composition].sort((a, b) => b.percent - a.percent).map((share) => share.fibre);
  }
}

export interface EtsyPropertyReading {
  /** What is sent with updateListingProperty. */
  filled: EtsyPropertyChoice[];
  /** Display names of required properties the listing does not fill. */
  missing: string[];
}

/**
 * The node's properties the listing fills (size, colours, materials, where Etsy's possible values include the
 * listing's), and the required ones it does not. A required property Etsy always selects needs nothing.
 */
export function etsyPropertyValues(
  properties: readonly EtsyTaxonomyProperty[],
  item: EtsyItem,
): EtsyPropertyReading {
  const filled: EtsyPropertyChoice[] = [];
  const missing: string[] = [];
  for (const property of properties) {
    const choice = property.supports_attributes ? choose(property, item) : null;
    if (choice) filled.push(choice);
    else if (property.is_required && property.selected_values.length === 0) {
      missing.push(property.display_name || property.name);
    }
  }
  return { filled, missing };
}

function choose(property: EtsyTaxonomyProperty, item: EtsyItem): EtsyPropertyChoice | null {
  const role = roleOf(property);
  if (!role) return null;
  const limit = property.is_multivalued ? (property.max_values_allowed ?? Number.POSITIVE_INFINITY) : 1;
  const chosen: EtsyPropertyValue[] = [];
  for (const wanted of candidates(role, item)) {
    if (chosen.length >= limit) break;
    // Every value of one property is on one scale: the first match decides which.
    const scale = chosen[0]?.scale_id;
    const match = property.possible_values.find(
      (value) =>
        value.value_id !== null &&
        sameName(value.name, wanted) &&
        (scale === undefined || value.scale_id === scale) &&
        !chosen.includes(value),
    );
    if (match) chosen.push(match);
  }
  const first = chosen[0];
  if (!first) return null;
  return {
    propertyId: property.property_id,
    scaleId: first.scale_id,
    valueIds: chosen.map((value) => value.value_id ?? 0),
    values: chosen.map((value) => value.name),
  };
}

function normalised(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

function sameName(a: string, b: string): boolean {
  return normalised(a) === normalised(b);
}

/** The words of a node's name, possessives and "&" aside ("Women's Shoes" is women, shoes). */
function nameWords(name: string): string[] {
  return normalised(name)
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((word) => word.replace(/'s?$/, ''))
    .filter((word) => word !== '' && word !== 'and');
}

/** Whether the listing's words hold one of these, a plural "s" or "es" either side. */
function hasWord(words: readonly string[], wanted: readonly string[]): boolean {
  return wanted.some((stem) =>
    words.some((word) => word === stem || word === `${stem}s` || word === `${stem}es` || stem === `${word}s`),
  );
}
