// Turning a listing's text into what the details page shows and copies (SPEC section 2): the description
// one sentence per line, tags from their comma-separated string, hashtags, and photo file names.

/** Splits after each sentence-ending full stop (not '...', not '3.5'); existing line breaks stay. */
export function splitSentences(description: string): string[] {
  return description
    .split(/\r?\n/)
    .flatMap((line) => line.split(/(?<=[^.]\.)\s+(?=\S)/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** 'denim, levis , ,jeans' -> ['denim', 'levis', 'jeans']: trimmed, empty ones and repeats dropped. */
export function parseTags(tags: string): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags.split(',')) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

/** A hashtag cannot hold spaces or punctuation: 'straight leg' -> '#straightleg', 'Levi’s' -> '#Levis'. */
export function toHashtag(tag: string): string {
  const body = tag.replace(/[^\p{L}\p{N}_]/gu, '');
  return body === '' ? '' : `#${body}`;
}

/** The text 'Copy as hashtags' puts on the clipboard: '#denim #levis #straightleg'. */
export function toHashtags(tags: readonly string[]): string {
  return tags.map(toHashtag).filter(Boolean).join(' ');
}

/** A file-name-safe form of the title: ASCII letters and digits joined by hyphens, at most 60 long. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug === '' ? 'listing' : slug;
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** 'Levi’s 501 jeans', 2, 'image/jpeg' -> 'levi-s-501-jeans-2.jpg'. */
export function photoFileName(title: string, number: number, type: string): string {
  return `${slugify(title)}-${number}.${EXTENSIONS[type] ?? 'jpg'}`;
}
