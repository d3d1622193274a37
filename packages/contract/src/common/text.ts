// The one rule for every string a request carries (decision 019): C0 control characters and DEL
// are refused, bidi overrides and isolates are removed. Applied to the whole body, path and query of every
// route before its schema runs, so no field (titles, e-mails, cursors, ids, hints, fields nobody reads) can
// carry a NUL to the database, and SQLite and PostgreSQL see the same text. The same walk refuses arrays and
// objects nested deeper than any request needs, before it recurses into them (decision 050).

/** Fields whose text may span lines: tab, line feed and carriage return are allowed there. */
const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set(['description']);

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Embeddings, overrides (U+202A-U+202E) and isolates (U+2066-U+2069): invisible, and they reorder text. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * Levels of arrays and objects a request may nest. No request in the contract goes past a handful; without a
 * bound, 5,000 nested `[` (a few kilobytes) overflowed the stack of this walk and answered 500.
 */
export const MAX_REQUEST_DEPTH = 32;

export interface TextIssue {
  /** Dotted path of the offending field, as validation issues name it. */
  field: string;
  /** A control character in a string or key, or arrays and objects nested past MAX_REQUEST_DEPTH. */
  code: 'control_characters' | 'nested_too_deeply';
}

export type CleanTextResult = { ok: true; value: unknown } | { ok: false; issue: TextIssue };

/**
 * `value` with bidi controls removed from every string (keys included), or the first field holding a
 * control character or nesting too deeply. Objects and arrays are copied, never changed in place.
 */
export function cleanRequestText(value: unknown, path: readonly string[] = []): CleanTextResult {
  if (typeof value === 'string') {
    const field = path.at(-1) ?? '';
    const forbidden = MULTI_LINE_FIELDS.has(field) ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
    if (forbidden.test(value)) return refuse(path, 'control_characters');
    return { ok: true, value: value.replace(BIDI_CONTROLS, '') };
  }
  if (value !== null && typeof value === 'object' && path.length >= MAX_REQUEST_DEPTH) {
    return refuse(path, 'nested_too_deeply');
  }
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const [index, item] of value.entries()) {
      const cleaned = cleanRequestText(item, [...path, String(index)]);
      if (!cleaned.ok) return cleaned;
      items.push(cleaned.value);
    }
    return { ok: true, value: items };
  }
  if (value !== null && typeof value === 'object') {
    const entries: [string, unknown][] = [];
    for (const [key, item] of Object.entries(value)) {
      if (SINGLE_LINE_FORBIDDEN.test(key)) return refuse(path, 'control_characters');
      const cleaned = cleanRequestText(item, [...path, key]);
      if (!cleaned.ok) return cleaned;
      entries.push([key.replace(BIDI_CONTROLS, ''), cleaned.value]);
    }
    return { ok: true, value: Object.fromEntries(entries) };
  }
  return { ok: true, value };
}

function refuse(path: readonly string[], code: TextIssue['code']): CleanTextResult {
  return { ok: false, issue: { field: path.join('.'), code } };
}
