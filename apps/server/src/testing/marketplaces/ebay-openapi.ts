// eBay's own OpenAPI documents (Sell Inventory, Account, Fulfillment, Metadata), read from ../shared/marketplace-api/ebay
// beside the repository when it is there, so tests can check that every call the adapter makes and every route
// the fake serves is one eBay documents, with that method. The documents are reference material and stay out
// of the repository.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const EBAY_DOCUMENTS_DIR = fileURLToPath(
  new URL('../../../../../../shared/marketplace-api/ebay/', import.meta.url),
);

const DOCUMENTS = [
  'sell_inventory_v1_oas3.json',
  'sell_account_v1_oas3.json',
  'sell_fulfillment_v1_oas3.json',
  'sell_metadata_v1_oas3.json',
];

/**
 * Calls Snaplist makes whose APIs have no document in that folder, each as eBay's developer pages give it:
 * the OAuth token endpoint (api-docs/static/oauth-auth-code-grant-request.html), the Identity API's getUser
 * (api-docs/commerce/identity/resources/user/methods/getUser), the Media API's image methods
 * (api-docs/commerce/media/resources/image/methods/createImageFromFile and getImage, served from apim.ebay.com)
 * and the Taxonomy API's category tree methods (api-docs/commerce/taxonomy/resources/category_tree/methods/
 * getDefaultCategoryTreeId, getCategorySuggestions and getItemAspectsForCategory).
 */
const DOCUMENTED_ELSEWHERE = [
  'POST /identity/v1/oauth2/token',
  'GET /oauth2/authorize',
  'POST /oauth2/authorize',
  'GET /commerce/identity/v1/user/',
  'POST /commerce/media/v1_beta/image/create_image_from_file',
  'GET /commerce/media/v1_beta/image/{image_id}',
  'GET /commerce/taxonomy/v1/get_default_category_tree_id',
  'GET /commerce/taxonomy/v1/category_tree/{category_tree_id}/get_category_suggestions',
  'GET /commerce/taxonomy/v1/category_tree/{category_tree_id}/get_item_aspects_for_category',
];

export interface EbayOperation {
  method: string;
  /** The full path, base path included: /sell/inventory/v1/offer/{offerId}/publish. */
  path: string;
  /** Where it is documented: the document's file name, or `developer.ebay.com`. */
  source: string;
}

/** Every documented operation, or null when the documents are not beside the repository. */
export function loadEbayOperations(): EbayOperation[] | null {
  if (!fs.existsSync(EBAY_DOCUMENTS_DIR)) return null;
  const operations: EbayOperation[] = DOCUMENTED_ELSEWHERE.map((endpoint) => {
    const [method = '', path = ''] = endpoint.split(' ');
    return { method, path, source: 'developer.ebay.com' };
  });
  for (const file of DOCUMENTS) {
    const document = JSON.parse(fs.readFileSync(`${EBAY_DOCUMENTS_DIR}${file}`, 'utf8')) as {
      servers: Array<{ url: string; variables?: { basePath?: { default?: string } } }>;
      paths: Record<string, Record<string, unknown>>;
    };
    const basePath = document.servers[0]?.variables?.basePath?.default ?? '';
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const method of Object.keys(methods)) {
        if (['get', 'post', 'put', 'delete'].includes(method)) {
          operations.push({ method: method.toUpperCase(), path: `${basePath}${path}`, source: file });
        }
      }
    }
  }
  return operations;
}

/** The documented operation a concrete call (`PUT /sell/inventory/v1/inventory_item/SKU-1`) is, if any. */
export function documentedOperation(
  operations: EbayOperation[],
  method: string,
  path: string,
): EbayOperation | undefined {
  return operations.find(
    (operation) => operation.method === method && templateRegExp(operation.path).test(path),
  );
}

function templateRegExp(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}
