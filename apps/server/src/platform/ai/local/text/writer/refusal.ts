// No refusal or apology text in a listing. In the local writer it could only come from a seller hint; the
// vision model's replies (openai/) are checked with the same test.

const REFUSAL = /\b(sorry|apologi[sz]e|i can(?:no|')t|i am unable|i'm unable|as an ai|language model)\b/i;

/** True when a text reads like a refusal or an apology rather than a listing. */
export function isRefusal(text: string): boolean {
  return REFUSAL.test(text);
}
