// How the page Google or Apple return to (/auth/callback/{provider}) hands their answer to the page that
// started the sign-in. In a popup it posts the answer to its opener, or, when the browser has cut the popup
// off from its opener (Cross-Origin-Opener-Policy does when the popup visits the provider), on a same-origin
// BroadcastChannel; the starting page acts only on the `state` it started. In a tab that went to the
// provider itself (the popup was blocked), what the page needs to finish is kept in session storage.
import { type OidcProvider, OidcProviderSchema } from '@snaplist/contract';
import { z } from 'zod';
import type { AuthModalContext } from '@/stores/auth';

export const SIGN_IN_CHANNEL = 'snaplist-sign-in';
const MESSAGE_TYPE = 'snaplist:provider-callback';
const PENDING_REDIRECT_KEY = 'snaplist.provider_sign_in';

/** What the provider put in the callback's address. */
export type ProviderAnswer =
  | { provider: OidcProvider; state: string; code: string }
  | { provider: OidcProvider; state: string; error: string };

const CallbackMessageSchema = z.object({
  type: z.literal(MESSAGE_TYPE),
  answer: z.union([
    z.object({ provider: OidcProviderSchema, state: z.string().min(1), code: z.string().min(1) }),
    z.object({ provider: OidcProviderSchema, state: z.string().min(1), error: z.string().min(1) }),
  ]),
});

/** The provider's answer from the callback page's address; null when the address is not one. */
export function readProviderAnswer(provider: string, search: URLSearchParams): ProviderAnswer | null {
  const parsedProvider = OidcProviderSchema.safeParse(provider);
  const state = search.get('state');
  if (!parsedProvider.success || !state) return null;
  const code = search.get('code');
  const error = search.get('error');
  if (error) return { provider: parsedProvider.data, state, error };
  if (code) return { provider: parsedProvider.data, state, code };
  return null;
}

export function callbackMessage(answer: ProviderAnswer) {
  return { type: MESSAGE_TYPE, answer };
}

/** The answer a message carries, when it is one of ours; anything else (another script's message) is null. */
export function answerFromMessage(data: unknown): ProviderAnswer | null {
  const parsed = CallbackMessageSchema.safeParse(data);
  return parsed.success ? parsed.data.answer : null;
}

/** A sign-in that left this tab for the provider, to be finished by the callback page in the same tab. */
export interface PendingRedirect {
  provider: OidcProvider;
  state: string;
  browserKey: string;
  /** The path (and query) the seller started from, where they land afterwards. */
  returnTo: string;
  context: AuthModalContext;
}

const PendingRedirectSchema = z.object({
  provider: OidcProviderSchema,
  state: z.string().min(1),
  browserKey: z.string().min(1),
  // Only a path of this app: never an address elsewhere, whatever the storage was made to hold.
  returnTo: z.string().regex(/^\/(?!\/)/),
  context: z.enum(['home', 'dashboard', 'photo-upload']),
});

/** Session storage, not local: the key belongs to this tab's sign-in and is gone when the tab closes. */
export function savePendingRedirect(pending: PendingRedirect): void {
  try {
    sessionStorage.setItem(PENDING_REDIRECT_KEY, JSON.stringify(pending));
  } catch {
    // No storage (private mode, disabled): the callback page cannot finish this sign-in; the seller starts again.
  }
}

/** The pending redirect for `state`, when this tab started it; it stays stored until cleared. */
export function readPendingRedirect(state: string): PendingRedirect | null {
  let stored: string | null;
  try {
    stored = sessionStorage.getItem(PENDING_REDIRECT_KEY);
  } catch {
    return null;
  }
  const parsed = PendingRedirectSchema.safeParse(parseJson(stored));
  return parsed.success && parsed.data.state === state ? parsed.data : null;
}

/** A sign-in finishes once: its key is forgotten as soon as the callback page uses it. */
export function clearPendingRedirect(): void {
  try {
    sessionStorage.removeItem(PENDING_REDIRECT_KEY);
  } catch {
    // Nothing was stored, then.
  }
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** This window's opener, when it is a page of this app (a popup the modal opened) and still reachable. */
function sameOriginOpener(): Window | null {
  try {
    const opener: Window | null = window.opener;
    return opener && opener !== window && opener.location.origin === window.location.origin ? opener : null;
  } catch {
    // Reading another origin's location throws: the opener is not ours.
    return null;
  }
}

/** Sends the provider's answer to the page that opened this popup: directly, or on the sign-in channel. */
export function handBackAnswer(answer: ProviderAnswer): void {
  const message = callbackMessage(answer);
  const opener = sameOriginOpener();
  if (opener) {
    opener.postMessage(message, window.location.origin);
    return;
  }
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SIGN_IN_CHANNEL);
  channel.postMessage(message);
  channel.close();
}
