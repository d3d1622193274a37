// The product's category in Shopify's Standard Product Taxonomy (github.com/Shopify/product-taxonomy), chosen by
// what the item is and whose, from the categories Shopify's own `taxonomy` search answers. Shopify files adult
// clothing and shoes under one category for everyone ("Clothing > Pants > Jeans") and gives babies and toddlers
// their own ("Baby & Toddler Clothing > Baby & Toddler Bottoms > Jeans"), so an apparel item whose words do not say
// whose it is could belong to either, and gets no category: Shopify does not require one, and a wrong one misfiles
// the product in the shop's search and on Shopify's channels. The same holds whenever no single leaf fits.
import { type Department, departmentFor, type ItemKind, itemWords, kindOf } from '@snaplist/contract/item';
import type { PublishableListing } from '../marketplace-adapter';
import type { ShopifyClient } from './shopify-graphql';
import {
  TAXONOMY_SEARCH_QUERY,
  type TaxonomyCategoryNode,
  type TaxonomySearchData,
} from './shopify-operations';

const APPAREL_ROOT = 'Apparel & Accessories > ';
/** Enough for every category a leaf name is found in: Jeans, for one, is under adults' and babies' clothing. */
const SEARCH_PAGE_SIZE = 50;
/** The taxonomy changes with Shopify's releases only; a few dozen searches cover every kind Snaplist names. */
const CACHE_LIMIT = 200;

/** Branches for one group of wearers or one use: an item goes there only when its words say so. */
const NARROWER_BRANCH =
  /Baby & Toddler|Maternity|Loungewear|Costume|Swimwear|Uniforms|Activewear|Traditional|Wedding|Underwear|Undergarments|Lingerie/;
const BABY_BRANCH = 'Baby & Toddler';
const BABY_WORDS = ['baby', 'babies', 'toddler', 'toddlers', 'bebe', 'bebes'];

/** Kinds that need no department: the taxonomy files them for everyone. */
const UNWORN_KINDS: readonly ItemKind[] = ['bag', 'jewellery', 'accessory'];

/** The taxonomy's name for the leaf of each kind, where one leaf is the whole kind. */
const LEAF_OF_KIND: Partial<Record<ItemKind, string>> = {
  dress: 'Dresses',
  skirt: 'Skirts',
  jeans: 'Jeans',
  trousers: 'Trousers',
  leggings: 'Leggings',
  't-shirt': 'T-Shirts',
  shirt: 'Shirts',
  blouse: 'Blouses',
  jumper: 'Sweaters',
  cardigan: 'Cardigans',
  hoodie: 'Hoodies',
  trainers: 'Sneakers',
  boots: 'Boots',
};

/**
 * Kinds the taxonomy splits by style only (Handbags has no leaf for "a bag"): the leaf the seller's own word names,
 * none when the words name no style.
 */
const LEAF_BY_WORD: Partial<Record<ItemKind, Array<[words: string[], leaf: string]>>> = {
  bag: [
    [['shoulder'], 'Shoulder Bags'],
    [['clutch', 'clutches'], 'Clutch Bags'],
    [['crossbody', 'cross-body'], 'Cross Body Bags'],
    [['tote', 'totes', 'shopper', 'shoppers'], 'Shopper Bags'],
    [['bucket'], 'Bucket Bags'],
    [['hobo'], 'Hobo Bags'],
    [['satchel', 'satchels'], 'Satchel Bags'],
  ],
  jewellery: [
    [['necklace', 'necklaces'], 'Necklaces'],
    [['earring', 'earrings'], 'Earrings'],
    [['bracelet', 'bracelets'], 'Bracelets'],
    [['ring', 'rings'], 'Rings'],
  ],
};

/** The leaf name to look for, or null when the item's words do not lead to one. */
function wantedLeaf(kind: ItemKind, words: string[]): string | null {
  const named = LEAF_OF_KIND[kind];
  if (named) return named;
  const byWord = LEAF_BY_WORD[kind] ?? [];
  return byWord.find(([stems]) => stems.some((stem) => words.includes(stem)))?.[1] ?? null;
}

/** The one leaf of that name where this item belongs, or null when none or several do. */
function pickLeaf(
  nodes: readonly TaxonomyCategoryNode[],
  leaf: string,
  department: Department | null,
  words: string[],
): string | null {
  const forBaby = department === 'kids' && words.some((word) => BABY_WORDS.includes(word));
  const fitting = nodes.filter((node) => {
    if (!node.isLeaf || !node.fullName.startsWith(APPAREL_ROOT)) return false;
    const name = node.fullName.split(' > ').at(-1);
    // The baby branch names some leaves plainly ("... > Baby & Toddler Bottoms > Jeans"), others by the branch
    // ("... > Baby & Toddler Dresses").
    if (forBaby)
      return node.fullName.includes(BABY_BRANCH) && (name === leaf || name === `${BABY_BRANCH} ${leaf}`);
    return name === leaf && !NARROWER_BRANCH.test(node.fullName);
  });
  return fitting.length === 1 ? (fitting[0]?.id ?? null) : null;
}

export interface TaxonomyChooser {
  /** The category's GID for this listing, or null to publish without one. */
  categoryFor(client: ShopifyClient, listing: PublishableListing): Promise<string | null>;
}

/** One chooser per adapter: the taxonomy is Shopify's, the same for every shop, so searches are shared. */
export function taxonomyChooser(): TaxonomyChooser {
  const searches = new Map<string, readonly TaxonomyCategoryNode[]>();

  async function search(client: ShopifyClient, term: string): Promise<readonly TaxonomyCategoryNode[]> {
    const cached = searches.get(term);
    if (cached) return cached;
    const { taxonomy } = await client<TaxonomySearchData>(TAXONOMY_SEARCH_QUERY, {
      search: term,
      first: SEARCH_PAGE_SIZE,
    });
    const nodes = taxonomy.categories.nodes;
    if (searches.size >= CACHE_LIMIT) {
      const oldest = searches.keys().next().value;
      if (oldest !== undefined) searches.delete(oldest);
    }
    searches.set(term, nodes);
    return nodes;
  }

  return {
    async categoryFor(client, listing) {
      const kind = kindOf(listing);
      if (!kind) return null;
      const department = departmentFor(listing, kind);
      if (!department && !UNWORN_KINDS.includes(kind)) return null;
      const words = itemWords(listing);
      const leaf = wantedLeaf(kind, words);
      if (!leaf) return null;
      return pickLeaf(await search(client, leaf), leaf, department, words);
    },
  };
}
