// No refusal or apology text in a listing: it could only come from a seller hint (tidying and cutting at a
// word are shared with the web app's editor, so they live in the contract package's marketplaces.ts).

const REFUSAL = /\b(sorry|apologi[sz]e|i can(?:no|')t|i am unable|i'm unable|as an ai|language model)\b/i;

/** True when a text reads like a refusal or an apology rather than a listing. */
export function isRefusal(text: string): boolean {
  return REFUSAL.test(text);
}
