// The OpenAPI document a running server serves at /api/docs/json, typed for the tests that read it: its
// routes, statuses and schemas are generated from the contract, and those tests check the generation.

/** The parts of an OpenAPI schema object the tests read. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  /** OpenAPI 3.0's null: it widens `type`, never an `enum`. */
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

export interface OpenApiOperation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** Fetches the document; throws unless the server answers it. */
export async function readOpenApiDocument(baseUrl: string): Promise<OpenApiDocument> {
  const response = await fetch(`${baseUrl}/api/docs/json`);
  if (response.status !== 200) {
    throw new Error(`GET /api/docs/json answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as OpenApiDocument;
}
