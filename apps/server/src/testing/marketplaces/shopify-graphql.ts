// The part of Shopify's Admin GraphQL API the Shopify protocol test server answers: a parser for the query
// language (operations, variables, fields, aliases, arguments, inline fragments), validation against the types
// below as Shopify's server validates (unknown fields and arguments, missing selections, variable types, input
// objects and enums, the single-query cost limit), and execution over plain objects. Errors carry Shopify's
// wording and `extensions.code`, so an adapter that drifts from the real schema fails here as it would there.
// The types are Shopify's for API version 2026-10, trimmed to the fields an adapter for Snaplist may touch.

export interface GraphQLError {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

type Value =
  | { kind: 'variable'; name: string }
  | { kind: 'scalar'; value: string | number | boolean | null }
  | { kind: 'enum'; value: string }
  | { kind: 'list'; items: Value[] }
  | { kind: 'object'; fields: Record<string, Value> };

interface FieldNode {
  kind: 'field';
  alias: string;
  name: string;
  args: Record<string, Value>;
  /** `@idempotent(key: "...")` and the like: each directive's arguments, by its name. */
  directives: Record<string, Record<string, Value>>;
  selections: Selection[] | null;
  line: number;
  column: number;
}
interface InlineFragmentNode {
  kind: 'inline';
  typeCondition: string;
  selections: Selection[];
}
type Selection = FieldNode | InlineFragmentNode;

export interface Operation {
  type: 'query' | 'mutation';
  name: string | null;
  variables: Array<{ name: string; type: string; defaultValue: Value | null }>;
  selections: Selection[];
}

// ----- The schema: types of API version 2026-10, as much of them as an adapter may use -----

interface FieldSpec {
  type: string;
  args?: Record<string, string>;
}
type ObjectSpec = Record<string, string | FieldSpec>;

const CONNECTION_ARGS = { first: 'Int', after: 'String', last: 'Int', before: 'String', reverse: 'Boolean' };

function connection(node: string): Record<string, ObjectSpec> {
  return {
    [`${node}Connection`]: { nodes: `[${node}!]!`, edges: `[${node}Edge!]!`, pageInfo: 'PageInfo!' },
    [`${node}Edge`]: { cursor: 'String!', node: `${node}!` },
  };
}

const OBJECTS: Record<string, ObjectSpec> = {
  QueryRoot: {
    shop: 'Shop!',
    locations: {
      type: 'LocationConnection!',
      args: { ...CONNECTION_ARGS, includeInactive: 'Boolean', includeLegacy: 'Boolean', query: 'String' },
    },
    publications: {
      type: 'PublicationConnection!',
      args: { ...CONNECTION_ARGS, catalogType: 'CatalogType' },
    },
    product: { type: 'Product', args: { id: 'ID!' } },
    productByIdentifier: { type: 'Product', args: { identifier: 'ProductIdentifierInput!' } },
    productVariants: {
      type: 'ProductVariantConnection!',
      args: { ...CONNECTION_ARGS, query: 'String', sortKey: 'ProductVariantSortKeys' },
    },
    orders: {
      type: 'OrderConnection!',
      args: { ...CONNECTION_ARGS, query: 'String', sortKey: 'OrderSortKeys', savedSearchId: 'ID' },
    },
    order: { type: 'Order', args: { id: 'ID!' } },
    taxonomy: 'Taxonomy',
  },
  Mutation: {
    stagedUploadsCreate: { type: 'StagedUploadsCreatePayload', args: { input: '[StagedUploadInput!]!' } },
    productSet: { type: 'ProductSetPayload', args: { input: 'ProductSetInput!', synchronous: 'Boolean' } },
    productUpdate: {
      type: 'ProductUpdatePayload',
      args: { product: 'ProductUpdateInput', media: '[CreateMediaInput!]' },
    },
    productVariantsBulkUpdate: {
      type: 'ProductVariantsBulkUpdatePayload',
      args: {
        productId: 'ID!',
        variants: '[ProductVariantsBulkInput!]!',
        allowPartialUpdates: 'Boolean',
        media: '[CreateMediaInput!]',
      },
    },
    inventorySetQuantities: {
      type: 'InventorySetQuantitiesPayload',
      args: { input: 'InventorySetQuantitiesInput!' },
    },
    publishablePublish: {
      type: 'PublishablePublishPayload',
      args: { id: 'ID!', input: '[PublicationInput!]!' },
    },
    appUninstall: 'AppUninstallPayload',
  },
  Shop: {
    id: 'ID!',
    name: 'String!',
    email: 'String!',
    myshopifyDomain: 'String!',
    currencyCode: 'CurrencyCode!',
    primaryDomain: 'Domain!',
  },
  Domain: { id: 'ID!', host: 'String!', url: 'URL!' },
  PageInfo: {
    hasNextPage: 'Boolean!',
    hasPreviousPage: 'Boolean!',
    startCursor: 'String',
    endCursor: 'String',
  },
  Location: { id: 'ID!', name: 'String!', isActive: 'Boolean!', fulfillsOnlineOrders: 'Boolean!' },
  ...connection('Location'),
  // `name` is deprecated for `catalog { title }` and still served.
  Publication: { id: 'ID!', name: 'String!', autoPublish: 'Boolean!', catalog: 'Catalog' },
  Catalog: { id: 'ID!', title: 'String!', status: 'CatalogStatus!' },
  AppCatalog: { id: 'ID!', title: 'String!', status: 'CatalogStatus!' },
  ...connection('Publication'),
  Product: {
    id: 'ID!',
    title: 'String!',
    handle: 'String!',
    status: 'ProductStatus!',
    descriptionHtml: 'HTML!',
    vendor: 'String!',
    productType: 'String!',
    tags: '[String!]!',
    onlineStoreUrl: 'URL',
    createdAt: 'DateTime!',
    updatedAt: 'DateTime!',
    totalInventory: 'Int!',
    category: 'TaxonomyCategory',
    variants: { type: 'ProductVariantConnection!', args: CONNECTION_ARGS },
    media: { type: 'MediaConnection!', args: CONNECTION_ARGS },
  },
  // `decendantsOf` is spelled so in Shopify's schema.
  Taxonomy: {
    categories: {
      type: 'TaxonomyCategoryConnection!',
      args: { ...CONNECTION_ARGS, search: 'String', childrenOf: 'ID', decendantsOf: 'ID', siblingsOf: 'ID' },
    },
  },
  TaxonomyCategory: {
    id: 'ID!',
    name: 'String!',
    fullName: 'String!',
    isLeaf: 'Boolean!',
    isRoot: 'Boolean!',
    isArchived: 'Boolean!',
    level: 'Int!',
    parentId: 'ID',
    ancestorIds: '[ID!]!',
    childrenIds: '[ID!]!',
  },
  ...connection('TaxonomyCategory'),
  ProductVariant: {
    id: 'ID!',
    title: 'String!',
    sku: 'String',
    price: 'Money!',
    barcode: 'String',
    inventoryQuantity: 'Int',
    inventoryItem: 'InventoryItem!',
    product: 'Product!',
  },
  ...connection('ProductVariant'),
  InventoryItem: { id: 'ID!', sku: 'String', tracked: 'Boolean!' },
  Media: { id: 'ID!', alt: 'String', mediaContentType: 'MediaContentType!', status: 'MediaStatus!' },
  MediaImage: {
    id: 'ID!',
    alt: 'String',
    mediaContentType: 'MediaContentType!',
    status: 'MediaStatus!',
    image: 'Image',
  },
  ...connection('Media'),
  Image: { url: 'URL!', altText: 'String' },
  Order: {
    id: 'ID!',
    name: 'String!',
    createdAt: 'DateTime!',
    cancelledAt: 'DateTime',
    test: 'Boolean!',
    lineItems: { type: 'LineItemConnection!', args: CONNECTION_ARGS },
  },
  ...connection('Order'),
  LineItem: { id: 'ID!', title: 'String!', sku: 'String', quantity: 'Int!', variant: 'ProductVariant' },
  ...connection('LineItem'),
  UserError: { field: '[String!]', message: 'String!' },
  StagedUploadsCreatePayload: { stagedTargets: '[StagedMediaUploadTarget!]', userErrors: '[UserError!]!' },
  StagedMediaUploadTarget: { url: 'URL', resourceUrl: 'URL', parameters: '[StagedUploadParameter!]!' },
  StagedUploadParameter: { name: 'String!', value: 'String!' },
  ProductSetPayload: { product: 'Product', userErrors: '[ProductSetUserError!]!' },
  ProductSetUserError: { field: '[String!]', message: 'String!', code: 'ProductSetUserErrorCode' },
  ProductUpdatePayload: { product: 'Product', userErrors: '[UserError!]!' },
  ProductVariantsBulkUpdatePayload: {
    product: 'Product',
    productVariants: '[ProductVariant!]',
    userErrors: '[ProductVariantsBulkUpdateUserError!]!',
  },
  ProductVariantsBulkUpdateUserError: {
    field: '[String!]',
    message: 'String!',
    code: 'ProductVariantsBulkUpdateUserErrorCode',
  },
  InventorySetQuantitiesPayload: {
    inventoryAdjustmentGroup: 'InventoryAdjustmentGroup',
    userErrors: '[InventorySetQuantitiesUserError!]!',
  },
  InventoryAdjustmentGroup: { id: 'ID!', reason: 'String!', changes: '[InventoryChange!]!' },
  InventoryChange: { name: 'String!', delta: 'Int!', quantityAfterChange: 'Int' },
  InventorySetQuantitiesUserError: {
    field: '[String!]',
    message: 'String!',
    code: 'InventorySetQuantitiesUserErrorCode',
  },
  PublishablePublishPayload: { publishable: 'Publishable', shop: 'Shop!', userErrors: '[UserError!]!' },
  Publishable: { publishedOnPublication: { type: 'Boolean!', args: { publicationId: 'ID!' } } },
  AppUninstallPayload: { app: 'App', userErrors: '[AppUninstallAppUninstallError!]!' },
  App: { id: 'ID!', title: 'String!', handle: 'String' },
  AppUninstallAppUninstallError: {
    field: '[String!]',
    message: 'String!',
    code: 'AppUninstallAppUninstallErrorCode',
  },
};

/** Interfaces and the object types that implement them (for `... on Type` fragments). */
const ABSTRACT: Record<string, string[]> = {
  Media: ['MediaImage'],
  Publishable: ['Product'],
  Catalog: ['AppCatalog'],
};

/** The product fields productSet and productUpdate both take, in Shopify's order. */
const PRODUCT_FIELDS = {
  id: 'ID',
  title: 'String',
  descriptionHtml: 'String',
  handle: 'String',
  vendor: 'String',
  productType: 'String',
  tags: '[String!]',
  status: 'ProductStatus',
  category: 'ID',
};

const INPUTS: Record<string, Record<string, string>> = {
  StagedUploadInput: {
    resource: 'StagedUploadTargetGenerateUploadResource!',
    filename: 'String!',
    mimeType: 'String!',
    httpMethod: 'StagedUploadHttpMethodType',
    fileSize: 'UnsignedInt64',
  },
  ProductSetInput: {
    ...PRODUCT_FIELDS,
    templateSuffix: 'String',
    giftCard: 'Boolean',
    requiresSellingPlan: 'Boolean',
    redirectNewHandle: 'Boolean',
    collections: '[ID!]',
    seo: 'SEOInput',
    metafields: '[MetafieldInput!]',
    productOptions: '[OptionSetInput!]',
    files: '[FileSetInput!]',
    variants: '[ProductVariantSetInput!]',
  },
  SEOInput: { title: 'String', description: 'String' },
  MetafieldInput: { id: 'ID', namespace: 'String', key: 'String', value: 'String', type: 'String' },
  OptionSetInput: { id: 'ID', name: 'String', position: 'Int', values: '[OptionValueSetInput!]' },
  OptionValueSetInput: { id: 'ID', name: 'String' },
  FileSetInput: {
    id: 'ID',
    alt: 'String',
    contentType: 'FileContentType',
    duplicateResolutionMode: 'FileCreateInputDuplicateResolutionMode',
    filename: 'String',
    originalSource: 'String',
  },
  ProductVariantSetInput: {
    id: 'ID',
    optionValues: '[VariantOptionValueInput!]!',
    price: 'Money',
    compareAtPrice: 'Money',
    sku: 'String',
    barcode: 'String',
    position: 'Int',
    taxable: 'Boolean',
    taxCode: 'String',
    inventoryPolicy: 'ProductVariantInventoryPolicy',
    inventoryItem: 'InventoryItemInput',
    inventoryQuantities: '[ProductSetInventoryInput!]',
    file: 'FileSetInput',
    metafields: '[MetafieldInput!]',
    requiresComponents: 'Boolean',
  },
  VariantOptionValueInput: {
    id: 'ID',
    name: 'String',
    optionId: 'ID',
    optionName: 'String',
    linkedMetafieldValue: 'String',
  },
  InventoryItemInput: {
    sku: 'String',
    cost: 'Decimal',
    tracked: 'Boolean',
    requiresShipping: 'Boolean',
    harmonizedSystemCode: 'String',
    countryCodeOfOrigin: 'CountryCode',
  },
  ProductSetInventoryInput: { locationId: 'ID!', name: 'String!', quantity: 'Int!' },
  ProductIdentifierInput: { id: 'ID', handle: 'String' },
  ProductUpdateInput: {
    ...PRODUCT_FIELDS,
    redirectNewHandle: 'Boolean',
    seo: 'SEOInput',
  },
  CreateMediaInput: { alt: 'String', mediaContentType: 'MediaContentType!', originalSource: 'String!' },
  ProductVariantsBulkInput: {
    id: 'ID',
    price: 'Money',
    compareAtPrice: 'Money',
    barcode: 'String',
    taxable: 'Boolean',
    inventoryPolicy: 'ProductVariantInventoryPolicy',
    inventoryItem: 'InventoryItemInput',
    inventoryQuantities: '[InventoryLevelInput!]',
    optionValues: '[VariantOptionValueInput!]',
    mediaId: 'ID',
    mediaSrc: '[String!]',
  },
  InventoryLevelInput: { availableQuantity: 'Int!', locationId: 'ID!' },
  InventorySetQuantitiesInput: {
    name: 'String!',
    reason: 'String!',
    referenceDocumentUri: 'String',
    quantities: '[InventoryQuantityInput!]!',
  },
  InventoryQuantityInput: {
    inventoryItemId: 'ID!',
    locationId: 'ID!',
    quantity: 'Int!',
    // Since 2026-04 it must be given, null to skip the comparison; the schema cannot say so (the resolver does).
    changeFromQuantity: 'Int',
  },
  PublicationInput: { publicationId: 'ID', publishDate: 'DateTime' },
};

const ENUMS: Record<string, readonly string[]> = {
  ProductStatus: ['ACTIVE', 'ARCHIVED', 'DRAFT'],
  StagedUploadTargetGenerateUploadResource: [
    'BULK_MUTATION_VARIABLES',
    'COLLECTION_IMAGE',
    'DISPUTE_FILE_UPLOAD',
    'FILE',
    'IMAGE',
    'MODEL_3D',
    'PRODUCT_IMAGE',
    'RETURN_LABEL',
    'SHOP_IMAGE',
    'URL_REDIRECT_IMPORT',
    'VIDEO',
  ],
  StagedUploadHttpMethodType: ['POST', 'PUT'],
  FileContentType: ['EXTERNAL_VIDEO', 'FILE', 'IMAGE', 'MODEL_3D', 'VIDEO'],
  FileCreateInputDuplicateResolutionMode: ['APPEND_UUID', 'RAISE_ERROR', 'REPLACE'],
  MediaContentType: ['EXTERNAL_VIDEO', 'IMAGE', 'MODEL_3D', 'VIDEO'],
  ProductVariantInventoryPolicy: ['CONTINUE', 'DENY'],
  OrderSortKeys: [
    'CREATED_AT',
    'CUSTOMER_NAME',
    'FINANCIAL_STATUS',
    'FULFILLMENT_STATUS',
    'ID',
    'ORDER_NUMBER',
    'PROCESSED_AT',
    'RELEVANCE',
    'TOTAL_PRICE',
    'UPDATED_AT',
  ],
  ProductVariantSortKeys: [
    'FULL_TITLE',
    'ID',
    'INVENTORY_QUANTITY',
    'NAME',
    'POSITION',
    'RELEVANCE',
    'SKU',
    'TITLE',
  ],
  CatalogType: ['APP', 'COMPANY_LOCATION', 'MARKET', 'NONE'],
  CatalogStatus: ['ACTIVE', 'ARCHIVED', 'DRAFT'],
};

const SCALARS = new Set([
  'String',
  'ID',
  'Int',
  'Float',
  'Boolean',
  'URL',
  'HTML',
  'Money',
  'Decimal',
  'DateTime',
  'UnsignedInt64',
  'CountryCode',
]);

/** Shopify refuses any single query whose requested cost is above this. */
export const MAX_QUERY_COST = 1000;
const MUTATION_COST = 10;

// ----- Parsing -----

interface Token {
  kind: 'punct' | 'name' | 'int' | 'float' | 'string' | 'end';
  value: string;
  line: number;
  column: number;
}

class GraphQLSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  let line = 1;
  let lineStart = 0;
  const at = () => ({ line, column: index - lineStart + 1 });
  while (index < source.length) {
    const char = source[index] ?? '';
    if (char === '\n') {
      index += 1;
      line += 1;
      lineStart = index;
      continue;
    }
    if (/[\s,\uFEFF]/.test(char)) {
      index += 1;
      continue;
    }
    if (char === '#') {
      while (index < source.length && source[index] !== '\n') index += 1;
      continue;
    }
    const position = at();
    if (source.startsWith('...', index)) {
      tokens.push({ kind: 'punct', value: '...', ...position });
      index += 3;
      continue;
    }
    if ('!$():=@[]{}|'.includes(char)) {
      tokens.push({ kind: 'punct', value: char, ...position });
      index += 1;
      continue;
    }
    const name = /^[_A-Za-z][_0-9A-Za-z]*/.exec(source.slice(index));
    if (name) {
      tokens.push({ kind: 'name', value: name[0], ...position });
      index += name[0].length;
      continue;
    }
    const number = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(source.slice(index));
    if (number) {
      tokens.push({ kind: number[1] || number[2] ? 'float' : 'int', value: number[0], ...position });
      index += number[0].length;
      continue;
    }
    if (source.startsWith('"""', index)) {
      const end = source.indexOf('"""', index + 3);
      if (end < 0) throw new GraphQLSyntaxError('Unterminated string', position.line, position.column);
      const text = source.slice(index + 3, end);
      tokens.push({ kind: 'string', value: text, ...position });
      line += text.split('\n').length - 1;
      index = end + 3;
      continue;
    }
    if (char === '"') {
      let text = '';
      index += 1;
      while (source[index] !== '"') {
        const next = source[index];
        if (next === undefined || next === '\n') {
          throw new GraphQLSyntaxError('Unterminated string', position.line, position.column);
        }
        if (next === '\\') {
          const escaped = source[index + 1] ?? '';
          if (escaped === 'u') {
            text += String.fromCharCode(Number.parseInt(source.slice(index + 2, index + 6), 16));
            index += 6;
            continue;
          }
          text += { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' }[escaped] ?? escaped;
          index += 2;
          continue;
        }
        text += next;
        index += 1;
      }
      index += 1;
      tokens.push({ kind: 'string', value: text, ...position });
      continue;
    }
    throw new GraphQLSyntaxError(`Parse error on "${char}"`, position.line, position.column);
  }
  tokens.push({ kind: 'end', value: '', ...at() });
  return tokens;
}

class Parser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.position] ?? (this.tokens.at(-1) as Token);
  }

  private next(): Token {
    const token = this.peek();
    this.position += 1;
    return token;
  }

  private fail(token: Token): never {
    const shown = token.kind === 'end' ? 'end of file' : `"${token.value}"`;
    throw new GraphQLSyntaxError(
      `Parse error on ${shown} (${token.kind.toUpperCase()})`,
      token.line,
      token.column,
    );
  }

  private expect(value: string): Token {
    const token = this.next();
    if (token.kind !== 'punct' || token.value !== value) this.fail(token);
    return token;
  }

  private is(value: string): boolean {
    const token = this.peek();
    return token.kind === 'punct' && token.value === value;
  }

  private name(): Token {
    const token = this.next();
    if (token.kind !== 'name') this.fail(token);
    return token;
  }

  document(): Operation[] {
    const operations: Operation[] = [];
    while (this.peek().kind !== 'end') operations.push(this.operation());
    if (operations.length === 0) this.fail(this.peek());
    return operations;
  }

  private operation(): Operation {
    if (this.is('{')) return { type: 'query', name: null, variables: [], selections: this.selectionSet() };
    const keyword = this.name();
    if (keyword.value === 'fragment') {
      throw new GraphQLSyntaxError(
        'Fragments are not served by this test server',
        keyword.line,
        keyword.column,
      );
    }
    if (keyword.value !== 'query' && keyword.value !== 'mutation') this.fail(keyword);
    const name = this.peek().kind === 'name' ? this.name().value : null;
    const variables: Operation['variables'] = [];
    if (this.is('(')) {
      this.expect('(');
      while (!this.is(')')) {
        this.expect('$');
        const variable = this.name().value;
        this.expect(':');
        const type = this.type();
        let defaultValue: Value | null = null;
        if (this.is('=')) {
          this.expect('=');
          defaultValue = this.value();
        }
        variables.push({ name: variable, type, defaultValue });
      }
      this.expect(')');
    }
    this.directives();
    return { type: keyword.value as Operation['type'], name, variables, selections: this.selectionSet() };
  }

  private type(): string {
    let type: string;
    if (this.is('[')) {
      this.expect('[');
      type = `[${this.type()}]`;
      this.expect(']');
    } else {
      type = this.name().value;
    }
    if (this.is('!')) {
      this.expect('!');
      type += '!';
    }
    return type;
  }

  /** Directives (`@idempotent(key: ...)`): each one's arguments by its name, for the resolvers that read them. */
  private directives(): Record<string, Record<string, Value>> {
    const directives: Record<string, Record<string, Value>> = {};
    while (this.is('@')) {
      this.expect('@');
      const name = this.name().value;
      directives[name] = this.is('(') ? this.arguments() : {};
    }
    return directives;
  }

  private selectionSet(): Selection[] {
    this.expect('{');
    const selections: Selection[] = [];
    while (!this.is('}')) selections.push(this.selection());
    this.expect('}');
    if (selections.length === 0) this.fail(this.peek());
    return selections;
  }

  private selection(): Selection {
    if (this.is('...')) {
      const spread = this.expect('...');
      const on = this.name();
      if (on.value !== 'on') {
        throw new GraphQLSyntaxError(
          'Fragments are not served by this test server',
          spread.line,
          spread.column,
        );
      }
      const typeCondition = this.name().value;
      return { kind: 'inline', typeCondition, selections: this.selectionSet() };
    }
    const first = this.name();
    const alias = first.value;
    let name = first.value;
    if (this.is(':')) {
      this.expect(':');
      name = this.name().value;
    }
    const args = this.is('(') ? this.arguments() : {};
    const directives = this.directives();
    const selections = this.is('{') ? this.selectionSet() : null;
    return {
      kind: 'field',
      alias,
      name,
      args,
      directives,
      selections,
      line: first.line,
      column: first.column,
    };
  }

  private arguments(): Record<string, Value> {
    this.expect('(');
    return this.namedValues(')');
  }

  /** `name: value` pairs up to and including `close`: arguments, or the fields of an input object. */
  private namedValues(close: ')' | '}'): Record<string, Value> {
    const values: Record<string, Value> = {};
    while (!this.is(close)) {
      const name = this.name().value;
      this.expect(':');
      values[name] = this.value();
    }
    this.expect(close);
    return values;
  }

  private value(): Value {
    const token = this.next();
    if (token.kind === 'punct' && token.value === '$') return { kind: 'variable', name: this.name().value };
    if (token.kind === 'int' || token.kind === 'float') return { kind: 'scalar', value: Number(token.value) };
    if (token.kind === 'string') return { kind: 'scalar', value: token.value };
    if (token.kind === 'name') {
      if (token.value === 'true' || token.value === 'false')
        return { kind: 'scalar', value: token.value === 'true' };
      if (token.value === 'null') return { kind: 'scalar', value: null };
      return { kind: 'enum', value: token.value };
    }
    if (token.kind === 'punct' && token.value === '[') {
      const items: Value[] = [];
      while (!this.is(']')) items.push(this.value());
      this.expect(']');
      return { kind: 'list', items };
    }
    if (token.kind === 'punct' && token.value === '{')
      return { kind: 'object', fields: this.namedValues('}') };
    return this.fail(token);
  }
}

// ----- Validation -----

function namedType(type: string): string {
  return type.replace(/[[\]!]/g, '');
}

function fieldSpec(typeName: string, field: string): FieldSpec | null {
  const spec = OBJECTS[typeName]?.[field];
  if (spec === undefined) return null;
  return typeof spec === 'string' ? { type: spec } : spec;
}

/** Whether a variable declared `declared` may be passed where `expected` is wanted (a non-null fits a nullable). */
function typeFits(declared: string, expected: string): boolean {
  if (declared === expected) return true;
  if (declared.endsWith('!') && !expected.endsWith('!')) return typeFits(declared.slice(0, -1), expected);
  if (declared.startsWith('[') && expected.startsWith('[')) {
    return typeFits(
      declared.slice(1, declared.lastIndexOf(']')),
      expected.slice(1, expected.lastIndexOf(']')),
    );
  }
  return false;
}

/** Checks a value given for an input type; returns Shopify's problems ({ path, explanation }). */
function inputProblems(value: unknown, type: string, path: Array<string | number>): Problem[] {
  const problems: Problem[] = [];
  checkInput(value, type, path, problems);
  return problems;
}

interface Problem {
  path: Array<string | number>;
  explanation: string;
}

function checkInput(value: unknown, type: string, path: Array<string | number>, problems: Problem[]): void {
  if (value === null || value === undefined) {
    if (type.endsWith('!')) problems.push({ path, explanation: 'Expected value to not be null' });
    return;
  }
  const nullable = type.endsWith('!') ? type.slice(0, -1) : type;
  if (nullable.startsWith('[')) {
    const inner = nullable.slice(1, -1);
    const items = Array.isArray(value) ? value : [value];
    items.forEach((item, index) => {
      checkInput(item, inner, Array.isArray(value) ? [...path, index] : path, problems);
    });
    return;
  }
  const coerceProblem = `Could not coerce value ${JSON.stringify(value)} to ${nullable}`;
  const input = INPUTS[nullable];
  if (input) {
    if (typeof value !== 'object' || Array.isArray(value)) {
      problems.push({ path, explanation: `Expected ${JSON.stringify(value)} to be a key-value object.` });
      return;
    }
    const given = value as Record<string, unknown>;
    for (const key of Object.keys(given)) {
      if (!(key in input))
        problems.push({ path: [...path, key], explanation: `Field is not defined on ${nullable}` });
    }
    for (const [key, fieldType] of Object.entries(input))
      checkInput(given[key], fieldType, [...path, key], problems);
    return;
  }
  const choices = ENUMS[nullable];
  if (choices) {
    if (typeof value !== 'string' || !choices.includes(value)) {
      problems.push({
        path,
        explanation: `Expected "${String(value)}" to be one of: ${choices.join(', ')}`,
      });
    }
    return;
  }
  const fits =
    nullable === 'Int'
      ? Number.isInteger(value) && Math.abs(value as number) <= 2 ** 31 - 1
      : nullable === 'Float'
        ? typeof value === 'number'
        : nullable === 'Boolean'
          ? typeof value === 'boolean'
          : nullable === 'Money' || nullable === 'Decimal'
            ? (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) || typeof value === 'number'
            : nullable === 'UnsignedInt64'
              ? (typeof value === 'string' && /^\d+$/.test(value)) || Number.isInteger(value)
              : nullable === 'ID'
                ? typeof value === 'string' || Number.isInteger(value)
                : typeof value === 'string';
  if (!fits) problems.push({ path, explanation: coerceProblem });
}

/** Turns an argument's syntax into its value, variables substituted. */
function argumentValue(value: Value, variables: Record<string, unknown>): unknown {
  switch (value.kind) {
    case 'variable':
      return variables[value.name] ?? null;
    case 'scalar':
      return value.value;
    case 'enum':
      return value.value;
    case 'list':
      return value.items.map((item) => argumentValue(item, variables));
    case 'object':
      return Object.fromEntries(
        Object.entries(value.fields).map(([key, inner]) => [key, argumentValue(inner, variables)]),
      );
  }
}

interface ValidationContext {
  errors: GraphQLError[];
  declared: Map<string, string>;
  variables: Record<string, unknown>;
  operationPath: string;
}

function validateSelections(
  selections: Selection[],
  typeName: string,
  context: ValidationContext,
  path: string[],
): number {
  let cost = 0;
  for (const selection of selections) {
    if (selection.kind === 'inline') {
      const possible = ABSTRACT[typeName] ?? [typeName];
      if (!possible.includes(selection.typeCondition) && selection.typeCondition !== typeName) {
        context.errors.push({
          message: `Fragment on ${selection.typeCondition} can't be spread inside ${typeName}`,
          path,
          extensions: { code: 'fragmentSpreadTypeMismatch', typeName, fragmentName: 'unknown' },
        });
        continue;
      }
      cost += validateSelections(selection.selections, selection.typeCondition, context, path);
      continue;
    }
    const fieldPath = [...path, selection.alias];
    const location = { line: selection.line, column: selection.column };
    if (selection.name === '__typename') continue;
    const spec = fieldSpec(typeName, selection.name);
    if (!spec) {
      context.errors.push({
        message: `Field '${selection.name}' doesn't exist on type '${typeName}'`,
        locations: [location],
        path: fieldPath,
        extensions: { code: 'undefinedField', typeName, fieldName: selection.name },
      });
      continue;
    }
    const expectedArgs = spec.args ?? {};
    for (const [argName, given] of Object.entries(selection.args)) {
      const expected = expectedArgs[argName];
      if (!expected) {
        context.errors.push({
          message: `Field '${selection.name}' doesn't accept argument '${argName}'`,
          locations: [location],
          path: [...fieldPath, argName],
          extensions: {
            code: 'argumentNotAccepted',
            name: selection.name,
            typeName: 'Field',
            argumentName: argName,
          },
        });
        continue;
      }
      validateArgument(given, expected, argName, context, [...fieldPath, argName], location);
    }
    const missing = Object.entries(expectedArgs)
      .filter(([argName, type]) => type.endsWith('!') && !(argName in selection.args))
      .map(([argName]) => argName);
    if (missing.length > 0) {
      context.errors.push({
        message: `Field '${selection.name}' is missing required arguments: ${missing.join(', ')}`,
        locations: [location],
        path: fieldPath,
        extensions: {
          code: 'missingRequiredArguments',
          className: 'Field',
          name: selection.name,
          arguments: missing.join(', '),
        },
      });
    }
    const returns = namedType(spec.type);
    const isObject = returns in OBJECTS;
    if (isObject && !selection.selections) {
      context.errors.push({
        message: `Field must have selections (field '${selection.name}' returns ${returns} but has no selections. Did you mean '${selection.name} { ... }'?)`,
        locations: [location],
        path: fieldPath,
        extensions: { code: 'selectionMismatch', nodeName: `field '${selection.name}'`, typeName: returns },
      });
      continue;
    }
    if (!isObject && selection.selections) {
      context.errors.push({
        message: `Selections can't be made on scalars (field '${selection.name}' returns ${returns} but has selections [${selection.selections.map((inner) => (inner.kind === 'field' ? inner.name : '...')).join(', ')}])`,
        locations: [location],
        path: fieldPath,
        extensions: { code: 'selectionMismatch', nodeName: `field '${selection.name}'`, typeName: returns },
      });
      continue;
    }
    if (selection.selections) {
      const inner = validateSelections(selection.selections, returns, context, fieldPath);
      if (returns.endsWith('Connection')) {
        const size = Number(
          argumentValue(selection.args.first ?? selection.args.last ?? nullValue, context.variables),
        );
        cost += 2 + (Number.isFinite(size) ? size : 0) * Math.max(inner, 1);
      } else if (!returns.startsWith('PageInfo') && !returns.endsWith('Edge')) {
        cost += 1 + inner;
      } else {
        cost += inner;
      }
    }
  }
  return cost;
}

const nullValue: Value = { kind: 'scalar', value: null };

function validateArgument(
  given: Value,
  expected: string,
  argName: string,
  context: ValidationContext,
  path: Array<string | number>,
  location: { line: number; column: number },
): void {
  if (given.kind === 'variable') {
    const declared = context.declared.get(given.name);
    if (!declared) {
      context.errors.push({
        message: `Variable $${given.name} is used by ${context.operationPath} but not declared`,
        locations: [location],
        path,
        extensions: { code: 'variableNotDefined', variableName: given.name },
      });
      return;
    }
    if (!typeFits(declared, expected)) {
      context.errors.push({
        message: `Type mismatch on variable $${given.name} and argument ${argName} (${declared} / ${expected})`,
        locations: [location],
        path,
        extensions: {
          code: 'variableMismatch',
          variableName: given.name,
          typeName: declared,
          argumentName: argName,
          errorMessage: 'Type mismatch',
        },
      });
    }
    return;
  }
  const problems = inputProblems(argumentValue(given, context.variables), expected, []);
  if (problems.length > 0) {
    context.errors.push({
      message: `Argument '${argName}' on Field '${String(path.at(-2))}' has an invalid value. Expected type '${expected}'.`,
      locations: [location],
      path,
      extensions: { code: 'argumentLiteralsIncompatible', typeName: 'Field', argumentName: argName },
    });
  }
}

export interface PreparedRequest {
  operation: Operation;
  variables: Record<string, unknown>;
  /** The root fields the operation selects, in order: the operation names the fake's faults match. */
  rootFields: string[];
  requestedQueryCost: number;
}

/**
 * Parses and validates a request body (`{ query, variables, operationName }`) as Shopify does before running
 * anything; `errors` are the response's top-level errors when it is refused.
 */
export function prepareRequest(body: unknown): { prepared: PreparedRequest } | { errors: GraphQLError[] } {
  const request = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof request.query !== 'string' || request.query.trim() === '') {
    return { errors: [{ message: 'No query string was present' }] };
  }
  let operations: Operation[];
  try {
    operations = new Parser(tokenize(request.query)).document();
  } catch (error) {
    if (error instanceof GraphQLSyntaxError) {
      return {
        errors: [{ message: error.message, locations: [{ line: error.line, column: error.column }] }],
      };
    }
    throw error;
  }
  const operation =
    typeof request.operationName === 'string'
      ? operations.find((candidate) => candidate.name === request.operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
  if (!operation) {
    return {
      errors: [
        {
          message:
            typeof request.operationName === 'string'
              ? `No operation named "${request.operationName}"`
              : 'An operation name is required',
        },
      ],
    };
  }
  const given =
    typeof request.variables === 'object' && request.variables !== null
      ? (request.variables as Record<string, unknown>)
      : {};
  const variables: Record<string, unknown> = {};
  const errors: GraphQLError[] = [];
  for (const declared of operation.variables) {
    const typeName = namedType(declared.type);
    if (!(typeName in INPUTS || typeName in ENUMS || SCALARS.has(typeName))) {
      errors.push({
        message: `${typeName} isn't a defined input type (on $${declared.name})`,
        extensions: { code: 'variableRequiresValidType', typeName, variableName: declared.name },
      });
      continue;
    }
    const value =
      given[declared.name] ?? (declared.defaultValue ? argumentValue(declared.defaultValue, {}) : undefined);
    const problems = inputProblems(value, declared.type, []);
    if (problems.length > 0) {
      const first = problems[0] as Problem;
      const where = first.path.length > 0 ? ` for ${first.path.join('.')}` : '';
      errors.push({
        message: `Variable $${declared.name} of type ${declared.type} was provided invalid value${where} (${first.explanation})`,
        extensions: { code: 'INVALID_VARIABLE', value: value ?? null, problems },
      });
    }
    variables[declared.name] = value ?? null;
  }
  if (errors.length > 0) return { errors };
  const context: ValidationContext = {
    errors,
    declared: new Map(operation.variables.map((variable) => [variable.name, variable.type])),
    variables,
    operationPath: `${operation.type}${operation.name ? ` ${operation.name}` : ''}`,
  };
  const root = operation.type === 'query' ? 'QueryRoot' : 'Mutation';
  const selectionCost = validateSelections(operation.selections, root, context, [context.operationPath]);
  if (errors.length > 0) return { errors };
  const rootFields = operation.selections.flatMap((selection) =>
    selection.kind === 'field' ? [selection.name] : [],
  );
  const requestedQueryCost =
    operation.type === 'mutation' ? MUTATION_COST * rootFields.length : selectionCost;
  return { prepared: { operation, variables, rootFields, requestedQueryCost } };
}

// ----- Execution -----

/** What a resolver throws to answer a field with a top-level error (and null data for it). */
export class FieldError extends Error {
  constructor(
    message: string,
    readonly extensions: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A node: its fields, each a value or a function of the field's arguments. */
export type GraphQLObject = { __typename: string } & Record<string, unknown>;
export type RootResolver = (
  args: Record<string, unknown>,
  directives: Record<string, Record<string, unknown>>,
) => unknown;

function project(
  value: unknown,
  selections: Selection[] | null,
  variables: Record<string, unknown>,
  path: Array<string | number>,
  errors: GraphQLError[],
): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    return value.map((item, index) => project(item, selections, variables, [...path, index], errors));
  }
  if (!selections) return value;
  const node = value as GraphQLObject;
  const result: Record<string, unknown> = {};
  for (const selection of selections) {
    if (selection.kind === 'inline') {
      const matches =
        selection.typeCondition === node.__typename ||
        (ABSTRACT[selection.typeCondition] ?? []).includes(node.__typename);
      if (matches) {
        Object.assign(result, project(node, selection.selections, variables, path, errors));
      }
      continue;
    }
    if (selection.name === '__typename') {
      result[selection.alias] = node.__typename;
      continue;
    }
    const raw = node[selection.name];
    const args = Object.fromEntries(
      Object.entries(selection.args).map(([name, given]) => [name, argumentValue(given, variables)]),
    );
    const directives = Object.fromEntries(
      Object.entries(selection.directives).map(([name, given]) => [
        name,
        Object.fromEntries(
          Object.entries(given).map(([argument, value]) => [argument, argumentValue(value, variables)]),
        ),
      ]),
    );
    try {
      const resolved = typeof raw === 'function' ? (raw as RootResolver)(args, directives) : raw;
      result[selection.alias] = project(
        resolved,
        selection.selections,
        variables,
        [...path, selection.alias],
        errors,
      );
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      errors.push({ message: error.message, path: [...path, selection.alias], extensions: error.extensions });
      result[selection.alias] = null;
    }
  }
  return result;
}

/** Runs a validated request: each root field through its resolver, then the selections over what it returned. */
export function executeRequest(
  prepared: PreparedRequest,
  resolvers: Record<string, RootResolver>,
): { data: Record<string, unknown>; errors: GraphQLError[] } {
  const errors: GraphQLError[] = [];
  const root = { __typename: prepared.operation.type === 'query' ? 'QueryRoot' : 'Mutation', ...resolvers };
  const data = project(root, prepared.operation.selections, prepared.variables, [], errors) as Record<
    string,
    unknown
  >;
  return { data, errors };
}

/** A connection over `items` as Shopify pages them: `first`/`after` with opaque cursors. */
export function connectionOf<T>(
  items: readonly T[],
  args: Record<string, unknown>,
  cursorOf: (item: T) => string,
  toNode: (item: T) => unknown = (item) => item,
): GraphQLObject {
  const first = typeof args.first === 'number' ? args.first : null;
  const last = typeof args.last === 'number' ? args.last : null;
  if (first === null && last === null) {
    throw new FieldError('you must provide one of first or last', { code: 'BAD_REQUEST' });
  }
  if ((first ?? last ?? 0) > 250) {
    throw new FieldError(`The maximum page size is 250, and you requested ${first ?? last}.`, {
      code: 'BAD_REQUEST',
    });
  }
  const ordered = args.reverse === true ? [...items].reverse() : [...items];
  const afterIndex =
    typeof args.after === 'string'
      ? ordered.findIndex((item) => encodeCursor(cursorOf(item)) === args.after)
      : -1;
  const rest = ordered.slice(afterIndex + 1);
  const page = rest.slice(0, first ?? last ?? 0);
  const edges = page.map((item) => ({
    __typename: 'Edge',
    cursor: encodeCursor(cursorOf(item)),
    node: toNode(item),
  }));
  return {
    __typename: 'Connection',
    nodes: edges.map((edge) => edge.node),
    edges,
    pageInfo: {
      __typename: 'PageInfo',
      hasNextPage: rest.length > page.length,
      hasPreviousPage: afterIndex >= 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

function encodeCursor(key: string): string {
  return Buffer.from(JSON.stringify({ last_id: key }), 'utf8').toString('base64url');
}
