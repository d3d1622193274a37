// How the web app finds the Snaplist browser extension (decision 037, docs/extension.md): it says hello
// through `window.postMessage` on its own origin, and the extension's bridge script answers with its version
// and sign-in state, again whenever the seller signs in or out. Any script on the page can post a message, so
// only one from this window and this origin that parses with the contract's schema counts.
import {
  EXTENSION_MESSAGE_SOURCES,
  type ExtensionToWebMessage,
  ExtensionToWebMessageSchema,
  type WebToExtensionMessage,
} from '@snaplist/contract';

export type ExtensionStatus =
  | { state: 'checking' }
  | { state: 'not_detected' }
  /** `signedInAs` is the extension's account, null while it is signed out. */
  | { state: 'detected'; version: string; signedInAs: string | null };

/**
 * How long an answer may take before the extension counts as absent. Its bridge answers at once, but a browser
 * may first have to wake the extension's service worker; an answer that comes later still shows.
 */
export const DETECTION_TIMEOUT_MS = 1500;

function toStatus(message: ExtensionToWebMessage): ExtensionStatus {
  // Signed in without an e-mail contradicts the contract; the extension's own window shows what it really is.
  const signedInAs = message.signedIn && message.email ? message.email : null;
  return { state: 'detected', version: message.version, signedInAs };
}

/**
 * Says hello to the extension and reports its status: every status it sends, or `not_detected` when nothing
 * answered within `timeoutMs`. Returns the function that stops listening.
 */
export function watchExtension(
  onStatus: (status: ExtensionStatus) => void,
  timeoutMs: number = DETECTION_TIMEOUT_MS,
): () => void {
  const origin = window.location.origin;
  const onMessage = (event: MessageEvent) => {
    if (event.source !== window || event.origin !== origin) return;
    const message = ExtensionToWebMessageSchema.safeParse(event.data);
    if (!message.success) return;
    clearTimeout(timeout);
    onStatus(toStatus(message.data));
  };
  window.addEventListener('message', onMessage);
  const timeout = setTimeout(() => onStatus({ state: 'not_detected' }), timeoutMs);
  const hello: WebToExtensionMessage = { source: EXTENSION_MESSAGE_SOURCES.web, type: 'hello' };
  window.postMessage(hello, origin);
  return () => {
    clearTimeout(timeout);
    window.removeEventListener('message', onMessage);
  };
}
