// eBay's wire format as the fake eBay speaks it: the error envelope `{ errors: [{ errorId, domain, category,
// message, longMessage, parameters }] }` with the error ids eBay documents, and the checks every request body
// and header goes through. Error ids and wording come from the OpenAPI documents in ../shared/marketplace-api/ebay
// where they give them (docs/decisions/030 lists the few that do not).
import crypto from 'node:crypto';
import type http from 'node:http';

export type Json = Record<string, unknown>;

/** Which of eBay's APIs a route belongs to: it decides the scopes a call needs and its error envelope. */
export type EbayApiName =
  | 'oauth'
  | 'identity'
  | 'account'
  | 'inventory'
  | 'media'
  | 'fulfillment'
  | 'taxonomy'
  | 'metadata'
  | 'site';

export interface Reply {
  status: number;
  json?: unknown;
  html?: string;
  bytes?: Buffer;
  headers?: Record<string, string>;
}

/** What the request helpers read of a call. */
export interface RawCall {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface EbayErrorJson {
  errorId: number;
  domain: string;
  category: 'REQUEST' | 'APPLICATION' | 'BUSINESS';
  message: string;
  longMessage?: string;
  parameters?: Array<{ name: string; value: string }>;
}

/** The scope URL of one of eBay's OAuth scopes. */
export function scope(name: string): string {
  return `https://api.ebay.com/oauth/api_scope/${name}`;
}

// ----- eBay's error bodies -----

export function envelope(...errors: EbayErrorJson[]) {
  return { errors };
}

export function inventoryErrorJson(
  errorId: number,
  message: string,
  parameters?: EbayErrorJson['parameters'],
): EbayErrorJson {
  return {
    errorId,
    domain: 'API_INVENTORY',
    category: errorId === 25001 || errorId === 25025 ? 'APPLICATION' : 'REQUEST',
    message,
    longMessage: message,
    ...(parameters && { parameters }),
  };
}

export function inventoryErrorJsonEnvelope(errorId: number, message: string) {
  return envelope(inventoryErrorJson(errorId, message));
}

export function inventoryError(
  status: number,
  errorId: number,
  message: string,
  parameters?: EbayErrorJson['parameters'],
): Reply {
  return { status, json: envelope(inventoryErrorJson(errorId, message, parameters)) };
}

/** 25002, the Inventory API's "user error", with what is wrong after it as eBay words it. */
export function userError(additionalInfo: string): Reply {
  return inventoryError(400, 25002, `A user error has occurred. ${additionalInfo}`);
}

/** 400 with eBay's wording for data of the listing-to-be it refuses: what the listing or offer `has`. */
export function listingDataError(errorId: number, has: string): Reply {
  return inventoryError(
    400,
    errorId,
    `The eBay listing associated with the inventory item, or the unpublished offer has ${has}`,
  );
}

export function offerNotAvailableJson(additionalInfo: string): EbayErrorJson {
  return inventoryErrorJson(25713, `This Offer is not available : ${additionalInfo}.`);
}

export function offerNotAvailable(status: number, additionalInfo: string): Reply {
  return { status, json: envelope(offerNotAvailableJson(additionalInfo)) };
}

/** An error of an API whose category follows the status: a server fault is APPLICATION, the rest REQUEST. */
function apiError(domain: string, status: number, errorId: number, message: string): Reply {
  const category = status >= 500 ? 'APPLICATION' : 'REQUEST';
  return { status, json: envelope({ errorId, domain, category, message }) };
}

export function accountError(status: number, errorId: number, message: string): Reply {
  return apiError('API_ACCOUNT', status, errorId, message);
}

export function fulfillmentError(status: number, errorId: number, message: string): Reply {
  return apiError('API_FULFILLMENT', status, errorId, message);
}

/** The Media API's error ids are not in the documents at hand; this one only marks the domain (decision 030). */
export function mediaError(status: number, message: string): Reply {
  return {
    status,
    json: envelope({ errorId: 190_000 + status, domain: 'API_MEDIA', category: 'REQUEST', message }),
  };
}

export function invalidAccessToken(): Reply {
  return {
    status: 401,
    json: envelope({
      errorId: 1001,
      domain: 'OAuth',
      category: 'REQUEST',
      message: 'Invalid access token',
      longMessage: 'Invalid access token. Check the value of the Authorization HTTP request header.',
    }),
  };
}

export function oauthError(error: string, description: string) {
  return { error, error_description: description };
}

/** What an injected fault answers, in the envelope of the API it hits. */
export function faultReply(api: EbayApiName, status: number): Reply {
  if (status === 401) return invalidAccessToken();
  if (api === 'oauth') {
    return {
      status,
      json: oauthError(
        status >= 500 ? 'temporarily_unavailable' : 'invalid_request',
        'the fake eBay is failing on purpose',
      ),
    };
  }
  if (status < 500) return userError('The fake eBay is failing on purpose.');
  if (api === 'account') return accountError(status, 20500, 'System error.');
  if (api === 'fulfillment') return fulfillmentError(status, 30500, 'System error');
  if (api === 'taxonomy')
    return apiError(
      'API_TAXONOMY',
      status,
      62000,
      'There was a problem with an eBay internal system or process.',
    );
  if (api === 'metadata')
    return apiError(
      'API_METADATA',
      status,
      46000,
      'There was a problem with an eBay internal system or process.',
    );
  return inventoryError(status, 25001, 'A system error has occurred. The fake eBay is failing on purpose.');
}

export function accessDenied(): Reply {
  return {
    status: 403,
    json: envelope({
      errorId: 1100,
      domain: 'ACCESS',
      category: 'REQUEST',
      message: 'Access denied',
      longMessage: 'Insufficient permissions to fulfill the request.',
    }),
  };
}

export function tooManyRequests(retryAfterSeconds: number): Reply {
  return {
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
    json: envelope({
      errorId: 2001,
      domain: 'ACCESS',
      category: 'REQUEST',
      message: 'Too many requests. The request limit has been reached for the resource.',
    }),
  };
}

/** No route for the path (404), or none for the method on a path that exists (405). */
export function noRoute(method: string, pathExists: boolean): Reply {
  return pathExists
    ? {
        status: 405,
        json: envelope({
          errorId: 2003,
          domain: 'ACCESS',
          category: 'REQUEST',
          message: `Method ${method} is not allowed here.`,
        }),
      }
    : {
        status: 404,
        json: envelope({
          errorId: 2002,
          domain: 'ACCESS',
          category: 'REQUEST',
          message: 'Resource not found',
        }),
      };
}

// ----- Request helpers -----

export function contentLanguageOf(call: RawCall): { value: string } | { reply: Reply } {
  const value = call.headers['content-language'];
  if (typeof value !== 'string' || !/^[a-z]{2}-[A-Z]{2}$/.test(value)) {
    return { reply: inventoryError(400, 25709, 'Invalid value for header Content-Language.') };
  }
  return { value };
}

export function jsonBody(call: RawCall): { value: Json } | { reply: Reply } {
  if (!String(call.headers['content-type'] ?? '').startsWith('application/json')) {
    return {
      reply: {
        status: 415,
        json: envelope({
          errorId: 2004,
          domain: 'ACCESS',
          category: 'REQUEST',
          message: 'Unsupported media type. Send application/json.',
        }),
      },
    };
  }
  try {
    const parsed: unknown = JSON.parse(call.body.toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return { value: parsed as Json };
  } catch {
    // Falls through to eBay's input error.
  }
  return { reply: inventoryError(400, 25604, 'Input error. The request body is not a JSON object.') };
}

export function pageOf(
  query: URLSearchParams,
  defaultLimit: number,
  maxLimit: number,
): { limit: number; offset: number } | { error: Reply } {
  const limit = Number(query.get('limit') ?? defaultLimit);
  const offset = Number(query.get('offset') ?? 0);
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit || !Number.isInteger(offset) || offset < 0) {
    return {
      error: inventoryError(
        400,
        25706,
        'You have provided invalid pagination values. Check limit and offset.',
      ),
    };
  }
  return { limit, offset };
}

export function numberAt(value: Json, path: string): number | undefined {
  const found = path.split('.').reduce<unknown>((node, key) => (node as Json | undefined)?.[key], value);
  return typeof found === 'number' ? found : undefined;
}

export function hasPath(value: Json, path: string): boolean {
  return (
    path.split('.').reduce<unknown>((node, key) => (node as Json | undefined)?.[key], value) !== undefined
  );
}

export function setPath(value: Json, path: string, next: unknown) {
  const keys = path.split('.');
  const last = keys.pop() ?? '';
  let node = value;
  for (const key of keys) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Json;
  }
  node[last] = next;
}

export function isoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(text) && !Number.isNaN(Date.parse(text));
}

export function imageTypeOf(bytes: Buffer): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  if (bytes.subarray(0, 3).toString('latin1') === 'GIF') return 'image/gif';
  return null;
}

export function templatePattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) =>
      part.startsWith('{') ? `(?<${part.slice(1, -1)}>[^/]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

export function decodeParams(groups: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, decodeURIComponent(value)]));
}

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function hex(bytes: number): string {
  return crypto.randomBytes(bytes).toString('hex').slice(0, bytes);
}

export function digits(count: number): string {
  let text = String(crypto.randomInt(1, 10));
  while (text.length < count) text += String(crypto.randomInt(0, 10));
  return text;
}

export function token(length: number): string {
  return crypto.randomBytes(length).toString('base64url').slice(0, length);
}
