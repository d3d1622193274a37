// What eBay itself says about where a listing goes: the Taxonomy API's category suggestions for the listing's
// words and each leaf category's aspects (which are required, which values they take), and the Metadata API's
// item conditions per category. These are eBay's public data, asked with an application token (client
// credentials grant), and cached in memory: categories change a few times a year, and a listing's publish asks
// the same questions its check asked a moment before (docs/decisions/030).
import { z } from 'zod';
import { MarketplaceError } from '../marketplace-adapter';
import { EbayApi } from './ebay-http';

/** The scope of an application token: eBay's public data, categories among them. */
export const EBAY_APPLICATION_SCOPE = 'https://api.ebay.com/oauth/api_scope';

/** A leaf category eBay suggested, with the names of the categories above it (nearest first). */
export interface EbayCategory {
  categoryId: string;
  categoryName: string;
  ancestorNames: string[];
}

/** One item specific of a category, as getItemAspectsForCategory describes it. */
export interface EbayAspect {
  name: string;
  required: boolean;
  /** SELECTION_ONLY takes one of `values` only; FREE_TEXT takes anything, `values` being suggestions. */
  selectionOnly: boolean;
  multiple: boolean;
  values: string[];
}

/** An item condition a category takes: its id and the label eBay gives it there. */
export interface EbayConditionChoice {
  conditionId: string;
  description: string;
}

/** Entries each cache keeps; the oldest go first. A seller's listings share a handful of categories. */
const CACHE_ENTRIES = 500;
/** How long an answer is kept: eBay revises its trees a few times a year and announces it weeks ahead. */
const CACHE_MS = 24 * 60 * 60 * 1000;
/** An application token is renewed this long before eBay says it expires, so a call never carries a dead one. */
const TOKEN_MARGIN_MS = 5 * 60 * 1000;

const TreeSchema = z.object({ categoryTreeId: z.string() });
const SuggestionsSchema = z.object({
  categorySuggestions: z
    .array(
      z.object({
        category: z.object({ categoryId: z.string(), categoryName: z.string().default('') }),
        categoryTreeNodeAncestors: z.array(z.object({ categoryName: z.string().default('') })).default([]),
      }),
    )
    .default([]),
});
const AspectsSchema = z.object({
  aspects: z
    .array(
      z.object({
        localizedAspectName: z.string(),
        aspectConstraint: z
          .object({
            aspectRequired: z.boolean().default(false),
            aspectMode: z.string().optional(),
            itemToAspectCardinality: z.string().optional(),
          })
          .default({ aspectRequired: false }),
        aspectValues: z.array(z.object({ localizedValue: z.string() })).default([]),
      }),
    )
    .default([]),
});
const ConditionPoliciesSchema = z.object({
  itemConditionPolicies: z
    .array(
      z.object({
        categoryId: z.string(),
        itemConditions: z
          .array(z.object({ conditionId: z.string(), conditionDescription: z.string().optional() }))
          .default([]),
      }),
    )
    .default([]),
});

/** Answers kept by key, at most `CACHE_ENTRIES`, for `CACHE_MS`; a call under way is shared, a failed one forgotten. */
class AnswerCache<T> {
  private readonly entries = new Map<string, { at: number; answer: Promise<T> }>();

  get(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept && Date.now() - kept.at < CACHE_MS) return kept.answer;
    const answer = load();
    this.entries.delete(key);
    this.entries.set(key, { at: Date.now(), answer });
    if (this.entries.size > CACHE_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    answer.catch(() => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    });
    return answer;
  }
}

export interface EbayCatalogueOptions {
  apiUrl: string;
  marketplaceId: string;
  /** Asks eBay's token endpoint for an application token: the token and its lifetime in seconds. */
  requestApplicationToken(): Promise<{ accessToken: string; expiresIn: number }>;
}

export interface EbayCatalogue {
  /** eBay's suggestions for the words, most relevant first; empty when eBay has none. */
  suggestions(query: string): Promise<EbayCategory[]>;
  aspects(categoryId: string): Promise<EbayAspect[]>;
  /** The conditions the category takes; empty when it takes none (no condition is then sent). */
  conditions(categoryId: string): Promise<EbayConditionChoice[]>;
}

export function createEbayCatalogue(options: EbayCatalogueOptions): EbayCatalogue {
  let token: { value: Promise<string>; expiresAt: number } | null = null;
  const trees = new AnswerCache<string>();
  const suggestions = new AnswerCache<EbayCategory[]>();
  const aspects = new AnswerCache<EbayAspect[]>();
  const conditions = new AnswerCache<EbayConditionChoice[]>();

  function applicationToken(): Promise<string> {
    if (token && Date.now() < token.expiresAt) return token.value;
    const request = options.requestApplicationToken();
    // Until eBay answers, callers share this request; a refusal is not kept.
    const entry = {
      value: request.then((answer) => answer.accessToken),
      expiresAt: Number.POSITIVE_INFINITY,
    };
    request.then(
      (answer) => {
        entry.expiresAt = Date.now() + answer.expiresIn * 1000 - TOKEN_MARGIN_MS;
      },
      () => {
        if (token === entry) token = null;
      },
    );
    token = entry;
    return entry.value;
  }

  /** A GET with the application token; one that eBay no longer takes (revoked early) is renewed once. */
  async function get(path: string, query: Record<string, string> = {}): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      const accessToken = await applicationToken();
      try {
        return await new EbayApi(options.apiUrl, accessToken).call('GET', path, { query });
      } catch (error) {
        const refused = error instanceof MarketplaceError && error.details.status === 401;
        if (!refused || attempt > 0) throw error;
        token = null;
      }
    }
  }

  function treeId(): Promise<string> {
    return trees.get(options.marketplaceId, async () => {
      const answer = await get('/commerce/taxonomy/v1/get_default_category_tree_id', {
        marketplace_id: options.marketplaceId,
      });
      return parse(TreeSchema, answer, 'category tree').categoryTreeId;
    });
  }

  return {
    async suggestions(query) {
      const tree = await treeId();
      return suggestions.get(`${tree}\n${query}`, async () => {
        const answer = await get(
          `/commerce/taxonomy/v1/category_tree/${encodeURIComponent(tree)}/get_category_suggestions`,
          {
            q: query,
          },
        );
        // 204: eBay has no category for these words.
        if (answer === null) return [];
        return parse(SuggestionsSchema, answer, 'category suggestions').categorySuggestions.map(
          (suggestion) => ({
            categoryId: suggestion.category.categoryId,
            categoryName: suggestion.category.categoryName,
            ancestorNames: suggestion.categoryTreeNodeAncestors.map((ancestor) => ancestor.categoryName),
          }),
        );
      });
    },

    async aspects(categoryId) {
      const tree = await treeId();
      return aspects.get(`${tree}\n${categoryId}`, async () => {
        const answer = await get(
          `/commerce/taxonomy/v1/category_tree/${encodeURIComponent(tree)}/get_item_aspects_for_category`,
          { category_id: categoryId },
        );
        if (answer === null) return [];
        return parse(AspectsSchema, answer, 'item aspects').aspects.map((aspect) => ({
          name: aspect.localizedAspectName,
          required: aspect.aspectConstraint.aspectRequired,
          selectionOnly: aspect.aspectConstraint.aspectMode === 'SELECTION_ONLY',
          multiple: aspect.aspectConstraint.itemToAspectCardinality === 'MULTI',
          values: aspect.aspectValues.map((value) => value.localizedValue),
        }));
      });
    },

    conditions(categoryId) {
      return conditions.get(categoryId, async () => {
        const answer = await get(
          `/sell/metadata/v1/marketplace/${encodeURIComponent(options.marketplaceId)}/get_item_condition_policies`,
          { filter: `categoryIds:{${categoryId}}` },
        );
        if (answer === null) return [];
        const policy = parse(ConditionPoliciesSchema, answer, 'item conditions').itemConditionPolicies.find(
          (each) => each.categoryId === categoryId,
        );
        return (policy?.itemConditions ?? []).map((condition) => ({
          conditionId: condition.conditionId,
          description: condition.conditionDescription ?? condition.conditionId,
        }));
      });
    },
  };
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new MarketplaceError('transient', `eBay's ${what} answer could not be read.`);
  return parsed.data;
}
