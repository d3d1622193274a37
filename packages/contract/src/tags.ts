// Tags as a seller types them: a comma closes a tag. The API carries tags as an array
// (decision 054), so this reads typed text only, and it is the one place that does: the web editor's tags
// input uses it, and anything else that takes typed tags should too. Free of zod, like marketplaces.ts.

/**
 * 'denim, levis , ,jeans' -> ['denim', 'levis', 'jeans']: each comma-separated part trimmed, empty ones
 * dropped. Repeats are kept, in order: the caller knows the tags already there and says which were repeated.
 */
export function parseTags(typed: string): string[] {
  return typed
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}
