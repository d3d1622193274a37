// What the account forms say when a request fails: a refusal the server explained by its code, translated
// (decision 024); a request that got no answer at all said so, since the seller can do something about it.
import type { TFunction } from 'i18next';
import { errorText } from '@/lib/errors';

export function failureText(error: unknown, t: TFunction): string {
  // fetch rejects with a TypeError when no answer came at all: offline, DNS, the server down.
  if (error instanceof TypeError) return t('settings.account_network_error');
  return errorText(error, t);
}
