// The fake eBay's category data, shaped as eBay's Taxonomy API (getDefaultCategoryTreeId, getCategorySuggestions,
// getItemAspectsForCategory) and the Metadata API's getItemConditionPolicies answer it: a small part of eBay UK's
// "Clothes, Shoes & Accessories" tree (women's dresses, jeans and tops, men's jeans and socks, women's and men's
// trainers, women's and men's bags) with each leaf's aspects and item conditions. The ids, names and condition
// ids are eBay's; which aspects a leaf requires and its value lists are the fake's choice, kept to what eBay's
// clothing categories ask (Brand, Size, Department; Type or Style where eBay splits by them), so tests see both
// a listing that fills every required aspect and one that cannot (docs/decisions/030).
import { envelope, type Json, type Reply } from './fake-ebay-protocol';

/** Default category tree of each marketplace, as eBay documents them for getCompatibilityProperties. */
const TREE_IDS: Record<string, string> = {
  EBAY_US: '0',
  EBAY_GB: '3',
  EBAY_AU: '15',
  EBAY_DE: '77',
  EBAY_FR: '71',
  EBAY_IT: '101',
  EBAY_ES: '186',
  EBAY_IE: '205',
  EBAY_NL: '146',
  EBAY_BE: '123',
  EBAY_AT: '16',
  EBAY_PL: '212',
  EBAY_CA: '2',
};
const TREE_VERSION = '131';

export interface FakeEbayAspect {
  name: string;
  required: boolean;
  mode: 'FREE_TEXT' | 'SELECTION_ONLY';
  cardinality: 'SINGLE' | 'MULTI';
  values: string[];
}

export interface FakeEbayCategory {
  categoryId: string;
  categoryName: string;
  /** Child categories; a category without any is a leaf, where items are listed. */
  children?: FakeEbayCategory[];
  aspects?: FakeEbayAspect[];
  /** Condition ids and their labels in this leaf. */
  conditions?: Array<[string, string]>;
}

const aspect = (name: string, options: Partial<Omit<FakeEbayAspect, 'name'>> = {}): FakeEbayAspect => ({
  name,
  required: false,
  mode: 'FREE_TEXT',
  cardinality: 'SINGLE',
  values: [],
  ...options,
});

const COLOURS = ['Beige', 'Black', 'Blue', 'Brown', 'Green', 'Grey', 'Multicoloured', 'Pink', 'Red', 'White'];
const brand = aspect('Brand', { required: true, values: ["Levi's", 'Nike', 'Zara', 'Unbranded'] });
const colour = aspect('Colour', { cardinality: 'MULTI', values: COLOURS });
const material = aspect('Material', { values: ['Cotton', 'Denim', 'Leather', 'Polyester', 'Wool'] });
const department = (...values: string[]) =>
  aspect('Department', { required: true, mode: 'SELECTION_ONLY', values });
const sizeType = aspect('Size Type', {
  mode: 'SELECTION_ONLY',
  values: ['Regular', 'Petite', 'Plus', 'Tall'],
});

/** eBay's clothing grades (since 2023): new with and without tags, with defects, and three pre-owned ones. */
const CLOTHING_CONDITIONS: Array<[string, string]> = [
  ['1000', 'New with tags'],
  ['1500', 'New without tags'],
  ['1750', 'New with defects'],
  ['2990', 'Pre-owned - Excellent'],
  ['3000', 'Pre-owned - Good'],
  ['3010', 'Pre-owned - Fair'],
];
const SHOE_CONDITIONS: Array<[string, string]> = [
  ['1000', 'New with box'],
  ['1500', 'New without box'],
  ['1750', 'New with defects'],
  ['3000', 'Used'],
];
const BAG_CONDITIONS: Array<[string, string]> = [
  ['1000', 'New with tags'],
  ['1500', 'New without tags'],
  ['3000', 'Used'],
];
/** Worn underwear and socks are not sold on eBay: new only. */
const NEW_ONLY: Array<[string, string]> = [
  ['1000', 'New with tags'],
  ['1500', 'New without tags'],
];

const trainers = (categoryId: string, departments: string[]): FakeEbayCategory => ({
  categoryId,
  categoryName: 'Trainers',
  aspects: [
    brand,
    aspect('UK Shoe Size', { required: true, values: ['4', '5', '6', '7', '8', '9', '10', '11'] }),
    department(...departments),
    aspect('Type', {
      required: true,
      mode: 'SELECTION_ONLY',
      values: ['Trainer', 'Running Shoe', 'Skate Shoe'],
    }),
    colour,
    aspect('Upper Material', { values: ['Canvas', 'Leather', 'Mesh', 'Suede'] }),
  ],
  conditions: SHOE_CONDITIONS,
});

const bags = (categoryId: string, categoryName: string, departments: string[]): FakeEbayCategory => ({
  categoryId,
  categoryName,
  aspects: [
    brand,
    department(...departments),
    aspect('Style', {
      required: true,
      mode: 'SELECTION_ONLY',
      values: ['Backpack', 'Clutch', 'Crossbody Bag', 'Handbag', 'Messenger Bag', 'Shoulder Bag', 'Tote'],
    }),
    colour,
    aspect('Exterior Material', { values: ['Canvas', 'Leather', 'Nylon', 'Suede'] }),
  ],
  conditions: BAG_CONDITIONS,
});

const jeans = (categoryId: string, departments: string[]): FakeEbayCategory => ({
  categoryId,
  categoryName: 'Jeans',
  aspects: [
    brand,
    aspect('Size', { required: true }),
    department(...departments),
    sizeType,
    aspect('Style', { values: ['Bootcut', 'Relaxed', 'Skinny', 'Slim', 'Straight', 'Tapered'] }),
    colour,
    material,
  ],
  conditions: CLOTHING_CONDITIONS,
});

export const FAKE_EBAY_ROOT: FakeEbayCategory = {
  categoryId: '0',
  categoryName: 'Root',
  children: [
    {
      categoryId: '11450',
      categoryName: 'Clothes, Shoes & Accessories',
      children: [
        {
          categoryId: '260010',
          categoryName: 'Women',
          children: [
            {
              categoryId: '15724',
              categoryName: "Women's Clothing",
              children: [
                {
                  categoryId: '63861',
                  categoryName: 'Dresses',
                  aspects: [
                    brand,
                    aspect('Size', { required: true }),
                    department('Women'),
                    sizeType,
                    aspect('Style', {
                      values: ['A-Line', 'Bodycon', 'Maxi', 'Shift', 'Shirt Dress', 'Wrap'],
                    }),
                    aspect('Dress Length', { values: ['Mini', 'Knee Length', 'Midi', 'Maxi'] }),
                    colour,
                    material,
                  ],
                  conditions: CLOTHING_CONDITIONS,
                },
                jeans('11554', ['Women']),
                {
                  categoryId: '53159',
                  categoryName: 'Tops & Shirts',
                  aspects: [
                    brand,
                    aspect('Size', { required: true }),
                    department('Women'),
                    sizeType,
                    colour,
                    material,
                  ],
                  conditions: CLOTHING_CONDITIONS,
                },
              ],
            },
            {
              categoryId: '3034',
              categoryName: "Women's Shoes",
              children: [trainers('95672', ['Women', 'Unisex Adults'])],
            },
            bags('169291', "Women's Bags & Handbags", ['Women', 'Unisex Adults']),
          ],
        },
        {
          categoryId: '260012',
          categoryName: 'Men',
          children: [
            {
              categoryId: '1059',
              categoryName: "Men's Clothing",
              children: [
                jeans('11483', ['Men', 'Unisex Adults']),
                {
                  categoryId: '11511',
                  categoryName: 'Socks',
                  aspects: [brand, department('Men'), colour],
                  conditions: NEW_ONLY,
                },
              ],
            },
            {
              categoryId: '93427',
              categoryName: "Men's Shoes",
              children: [trainers('15709', ['Men', 'Unisex Adults'])],
            },
            {
              categoryId: '4250',
              categoryName: "Men's Accessories",
              children: [bags('52357', 'Bags', ['Men', 'Unisex Adults'])],
            },
          ],
        },
      ],
    },
  ],
};

interface Placed {
  category: FakeEbayCategory;
  /** From the immediate parent up to the root. */
  ancestors: FakeEbayCategory[];
}

function leavesOf(node: FakeEbayCategory, ancestors: FakeEbayCategory[] = []): Placed[] {
  if (!node.children) return [{ category: node, ancestors }];
  return node.children.flatMap((child) => leavesOf(child, [node, ...ancestors]));
}

const LEAVES = leavesOf(FAKE_EBAY_ROOT);

/** A leaf of the tree by id; undefined for an unknown or non-leaf id. */
export function fakeEbayLeaf(categoryId: string): FakeEbayCategory | undefined {
  return LEAVES.find((leaf) => leaf.category.categoryId === categoryId)?.category;
}

function taxonomyError(status: number, errorId: number, message: string): Reply {
  const category = status >= 500 ? 'APPLICATION' : 'REQUEST';
  return { status, json: envelope({ errorId, domain: 'API_TAXONOMY', category, message }) };
}

function metadataError(status: number, errorId: number, message: string): Reply {
  const category = status >= 500 ? 'APPLICATION' : 'REQUEST';
  return { status, json: envelope({ errorId, domain: 'API_METADATA', category, message }) };
}

/** Words compared as a search engine would: lower case, possessives and plurals taken off. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']s?\b/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => (/(ss|sh|ch|x)es$/.test(word) ? word.slice(0, -2) : word.replace(/([^s])s$/, '$1')));
}

export function defaultCategoryTreeId(query: URLSearchParams): Reply {
  const marketplaceId = query.get('marketplace_id');
  if (!marketplaceId) return taxonomyError(400, 62002, 'Missing marketplace ID.');
  const treeId = TREE_IDS[marketplaceId];
  if (!treeId) return taxonomyError(400, 62003, 'The specified marketplace ID was not found.');
  return { status: 200, json: { categoryTreeId: treeId, categoryTreeVersion: TREE_VERSION } };
}

function knownTree(treeId: string): boolean {
  return Object.values(TREE_IDS).includes(treeId);
}

/**
 * The leaves whose name and ancestors' names share words with `q`, the most shared first (a leaf's own name
 * counting double, as the kind of item outweighs whose it is); ties in the tree's order. No match: 204.
 */
export function categorySuggestions(treeId: string, query: URLSearchParams): Reply {
  if (!knownTree(treeId)) return taxonomyError(400, 62004, 'The specified category tree ID was not found.');
  const q = query.get('q')?.trim();
  if (!q) {
    return taxonomyError(
      400,
      62007,
      "Missing keyword 'q'. Please specify a valid set of keywords that best describes your item.",
    );
  }
  const asked = new Set(words(q));
  const scored = LEAVES.map((leaf) => {
    const own = words(leaf.category.categoryName).filter((word) => asked.has(word)).length;
    const above = new Set(leaf.ancestors.flatMap((ancestor) => words(ancestor.categoryName)));
    const inherited = [...above].filter((word) => asked.has(word)).length;
    return { leaf, own, score: own * 2 + inherited };
  }).filter((each) => each.own > 0);
  if (scored.length === 0) return { status: 204 };
  scored.sort((a, b) => b.score - a.score);
  return {
    status: 200,
    json: {
      categoryTreeId: treeId,
      categoryTreeVersion: TREE_VERSION,
      categorySuggestions: scored.map(({ leaf }) => ({
        category: { categoryId: leaf.category.categoryId, categoryName: leaf.category.categoryName },
        categoryTreeNodeAncestors: leaf.ancestors.map((ancestor, index) => ({
          categoryId: ancestor.categoryId,
          categoryName: ancestor.categoryName,
          categoryTreeNodeLevel: leaf.ancestors.length - 1 - index,
          categorySubtreeNodeHref: `/commerce/taxonomy/v1/category_tree/${treeId}/get_category_subtree?category_id=${ancestor.categoryId}`,
        })),
        categoryTreeNodeLevel: leaf.ancestors.length,
      })),
    },
  };
}

export function itemAspectsForCategory(treeId: string, query: URLSearchParams): Reply {
  if (!knownTree(treeId)) return taxonomyError(400, 62004, 'The specified category tree ID was not found.');
  const categoryId = query.get('category_id');
  if (!categoryId) return taxonomyError(400, 62006, 'Missing category ID.');
  if (categoryId === FAKE_EBAY_ROOT.categoryId)
    return taxonomyError(400, 62008, 'The specified category ID is the root for the category tree.');
  const leaf = fakeEbayLeaf(categoryId);
  if (!leaf) {
    const exists = JSON.stringify(FAKE_EBAY_ROOT).includes(`"categoryId":"${categoryId}"`);
    return exists
      ? taxonomyError(400, 62009, 'The specified category ID must be a leaf category.')
      : taxonomyError(400, 62005, 'The specified category ID does not belong to specified category tree.');
  }
  return {
    status: 200,
    json: {
      aspects: (leaf.aspects ?? []).map((each) => ({
        localizedAspectName: each.name,
        aspectConstraint: {
          aspectDataType: 'STRING',
          aspectMode: each.mode,
          aspectRequired: each.required,
          aspectUsage: each.required ? 'RECOMMENDED' : 'OPTIONAL',
          itemToAspectCardinality: each.cardinality,
          aspectEnabledForVariations: !each.required,
          aspectApplicableTo: ['ITEM'],
          aspectMaxLength: 65,
        },
        aspectValues: each.values.map((value) => ({ localizedValue: value })),
      })),
    },
  };
}

/** getItemConditionPolicies with `filter=categoryIds:{id|id}`; the policies of every leaf without one. */
export function itemConditionPolicies(
  marketplaceId: string,
  query: URLSearchParams,
  knownMarketplaces: Record<string, string>,
): Reply {
  if (!knownMarketplaces[marketplaceId] || !TREE_IDS[marketplaceId])
    return metadataError(400, 46001, 'The specified marketplace ID was not found.');
  const filter = query.get('filter');
  let wanted = LEAVES.map((leaf) => leaf.category.categoryId);
  const warnings: Json[] = [];
  if (filter !== null) {
    const match = /^categoryIds:\{([\d|]+)\}$/.exec(filter);
    if (!match) {
      return metadataError(
        400,
        46002,
        'The filter value is invalid. Sample supported values: filter=categoryIds:{catId1|catId2|catId3}.',
      );
    }
    wanted = (match[1] ?? '').split('|').filter(Boolean);
  }
  const policies = wanted.flatMap((categoryId) => {
    const leaf = fakeEbayLeaf(categoryId);
    if (!leaf) {
      warnings.push({
        errorId: 46003,
        domain: 'API_METADATA',
        category: 'REQUEST',
        message: 'The specified categoryId was not found for the marketplace.',
        parameters: [{ name: 'categoryId', value: categoryId }],
      });
      return [];
    }
    return [
      {
        categoryId,
        categoryTreeId: TREE_IDS[marketplaceId],
        itemConditionRequired: true,
        itemConditions: (leaf.conditions ?? []).map(([conditionId, conditionDescription]) => ({
          conditionId,
          conditionDescription,
        })),
      },
    ];
  });
  return {
    status: 200,
    json: { itemConditionPolicies: policies, ...(warnings.length > 0 && { warnings }) },
  };
}

/** The Inventory API's ConditionEnum values and the condition ids eBay documents for them. */
export const CONDITION_IDS: Record<string, string> = {
  NEW: '1000',
  LIKE_NEW: '2750',
  NEW_OTHER: '1500',
  NEW_WITH_DEFECTS: '1750',
  CERTIFIED_REFURBISHED: '2000',
  EXCELLENT_REFURBISHED: '2010',
  VERY_GOOD_REFURBISHED: '2020',
  GOOD_REFURBISHED: '2030',
  SELLER_REFURBISHED: '2500',
  PRE_OWNED_EXCELLENT: '2990',
  USED_EXCELLENT: '3000',
  PRE_OWNED_FAIR: '3010',
  USED_VERY_GOOD: '4000',
  USED_GOOD: '5000',
  USED_ACCEPTABLE: '6000',
  FOR_PARTS_OR_NOT_WORKING: '7000',
};
