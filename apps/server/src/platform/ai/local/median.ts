/** The middle value (the upper one of an even count), 0 for none: what the reader and the image rules call typical. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((first, second) => first - second);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
