// The Admin GraphQL operations the Shopify adapter sends (API version 2026-04 and later), with the shapes of their
// answers.
// Page sizes keep each query under Shopify's single-query cost limit of 1000 (orders: 2 + 25 × (1 + 2 + 25) ≈ 700).

/** What every lookup of a product reads: enough to resume, update and end it. */
const PRODUCT_FIELDS =
  'id handle status onlineStoreUrl variants(first: 1) { nodes { id sku inventoryItem { id } } }';

export interface ProductSummary {
  id: string;
  handle: string;
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT';
  onlineStoreUrl: string | null;
  variants: { nodes: Array<{ id: string; sku: string | null; inventoryItem: { id: string } }> };
}

export interface UserErrors {
  userErrors: Array<{ field?: string[] | null; message: string; code?: string | null }>;
}

export const SHOP_QUERY = 'query SnaplistShop { shop { name myshopifyDomain currencyCode } }';
export interface ShopData {
  shop: { name: string; myshopifyDomain: string; currencyCode: string };
}

export const LOCATIONS_QUERY =
  'query SnaplistLocations { locations(first: 50) { nodes { id name isActive } } }';
export interface LocationsData {
  locations: { nodes: Array<{ id: string; name: string; isActive: boolean }> };
}

/**
 * The shop's publications with their catalog's title: `Publication.name` is deprecated for `Catalog.title`, and
 * the Online Store's publication belongs to the Online Store's app catalog of that title.
 */
export const PUBLICATIONS_QUERY = `query SnaplistPublications($after: String) {
  publications(first: 25, after: $after) { pageInfo { hasNextPage endCursor } nodes { id catalog { title } } }
}`;
export interface PublicationsData {
  publications: {
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: Array<{ id: string; catalog: { title: string } | null }>;
  };
}

/** Shopify's search over its product taxonomy: every category whose name matches, wherever it is in the tree. */
export const TAXONOMY_SEARCH_QUERY = `query SnaplistTaxonomySearch($search: String!, $first: Int!) {
  taxonomy { categories(search: $search, first: $first) { nodes { id fullName isLeaf } } }
}`;
export interface TaxonomyCategoryNode {
  id: string;
  fullName: string;
  isLeaf: boolean;
}
export interface TaxonomySearchData {
  taxonomy: { categories: { nodes: TaxonomyCategoryNode[] } };
}

export const PRODUCT_QUERY = `query SnaplistProduct($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`;
export interface ProductData {
  product: ProductSummary | null;
}

export const PRODUCT_BY_HANDLE_QUERY = `query SnaplistProductByHandle($identifier: ProductIdentifierInput!) {
  productByIdentifier(identifier: $identifier) { ${PRODUCT_FIELDS} }
}`;
export interface ProductByHandleData {
  productByIdentifier: ProductSummary | null;
}

export const VARIANTS_BY_SKU_QUERY = `query SnaplistVariantsBySku($query: String!) {
  productVariants(first: 10, query: $query) { nodes { sku product { ${PRODUCT_FIELDS} } } }
}`;
export interface VariantsBySkuData {
  productVariants: { nodes: Array<{ sku: string | null; product: ProductSummary }> };
}

export const STAGED_UPLOADS_MUTATION = `mutation SnaplistStagedUploads($input: [StagedUploadInput!]!) {
  stagedUploadsCreate(input: $input) {
    stagedTargets { url resourceUrl parameters { name value } }
    userErrors { field message }
  }
}`;
export interface StagedUploadsData {
  stagedUploadsCreate: UserErrors & {
    stagedTargets: Array<{
      url: string;
      resourceUrl: string;
      parameters: Array<{ name: string; value: string }>;
    }> | null;
  };
}

export const PRODUCT_SET_MUTATION = `mutation SnaplistProductSet($input: ProductSetInput!) {
  productSet(input: $input, synchronous: true) {
    product { ${PRODUCT_FIELDS} }
    userErrors { field message code }
  }
}`;
export interface ProductSetData {
  productSet: UserErrors & { product: ProductSummary | null };
}

export const PUBLISH_MUTATION = `mutation SnaplistPublish($id: ID!, $input: [PublicationInput!]!) {
  publishablePublish(id: $id, input: $input) {
    publishable { ... on Product { onlineStoreUrl } }
    userErrors { field message }
  }
}`;
export interface PublishData {
  publishablePublish: UserErrors & { publishable: { onlineStoreUrl?: string | null } | null };
}

export const PRODUCT_STATUS_MUTATION = `mutation SnaplistProductStatus($product: ProductUpdateInput!) {
  productUpdate(product: $product) { product { id status } userErrors { field message } }
}`;
export interface ProductStatusData {
  productUpdate: UserErrors & { product: { id: string; status: string } | null };
}

export const PRICE_MUTATION = `mutation SnaplistPrice($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
  productVariantsBulkUpdate(productId: $productId, variants: $variants) {
    productVariants { id price }
    userErrors { field message code }
  }
}`;
export interface PriceData {
  productVariantsBulkUpdate: UserErrors;
}

/**
 * Since 2026-04 Shopify requires an `@idempotent` key on inventorySetQuantities (a runtime error without one) and a
 * `changeFromQuantity` on each quantity, null to set it without comparing. The key is a UUID, so it is safe inside
 * the query text.
 */
export function quantityMutation(idempotencyKey: string): string {
  return `mutation SnaplistQuantity($input: InventorySetQuantitiesInput!) {
  inventorySetQuantities(input: $input) @idempotent(key: "${idempotencyKey}") {
    inventoryAdjustmentGroup { id }
    userErrors { field message code }
  }
}`;
}
export interface QuantityData {
  inventorySetQuantities: UserErrors;
}

interface LineItemPage {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: Array<{ sku: string | null; quantity: number }>;
}

export const ORDERS_QUERY = `query SnaplistOrders($query: String!, $after: String) {
  orders(first: 25, after: $after, query: $query, sortKey: CREATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id createdAt cancelledAt
      lineItems(first: 25) { pageInfo { hasNextPage endCursor } nodes { sku quantity } }
    }
  }
}`;
export interface OrdersData {
  orders: {
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: Array<{ id: string; createdAt: string; cancelledAt: string | null; lineItems: LineItemPage }>;
  };
}

/** The rest of a long order's lines. */
export const ORDER_LINE_ITEMS_QUERY = `query SnaplistOrderLineItems($id: ID!, $after: String) {
  order(id: $id) { lineItems(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { sku quantity } } }
}`;
export interface OrderLineItemsData {
  order: { lineItems: LineItemPage } | null;
}

export const UNINSTALL_MUTATION =
  'mutation SnaplistUninstall { appUninstall { userErrors { field message } } }';
export interface UninstallData {
  appUninstall: UserErrors;
}
