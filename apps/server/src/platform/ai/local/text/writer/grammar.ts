// Text helpers every language uses the same way: lists, capitals, title case.

/** "a, b and c" with the language's word for "and". */
export function list(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

export function capitaliseFirst(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** Every word's first letter in capitals, after a space or a hyphen ("T-Shirt"). */
export function titleCase(text: string): string {
  return text.replace(
    /(^|[\s-])(\p{Ll})/gu,
    (_, before: string, letter: string) => before + letter.toUpperCase(),
  );
}

/** The first word is a capitalised ordinary word ("Manteau", "Schwarzer"), not a brand-like "UGG" or "iPhone". */
export function startsWithPlainWord(text: string): boolean {
  return /^\p{Lu}\p{Ll}+(?:\s|$)/u.test(text);
}

export function lowerFirst(text: string, locale: string): string {
  return text.charAt(0).toLocaleLowerCase(locale) + text.slice(1);
}
