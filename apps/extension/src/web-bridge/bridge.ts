// The extension's half of the messages with the Snaplist site (docs/extension.md): it tells the page its
// version and sign-in state, never its token, and only when the page is exactly the configured server.
import {
  EXTENSION_MESSAGE_SOURCES,
  type ExtensionToWebMessage,
  WebToExtensionMessageSchema,
} from '@snaplist/contract';
import { askBackground } from '../messages';
import { DEFAULT_SERVER_ORIGIN } from '../server-address';

/** The status for a page at `origin`; null when the extension is set up for another server. */
async function statusFor(origin: string): Promise<ExtensionToWebMessage | null> {
  const answer = await askBackground({ type: 'status' });
  if (!answer.ok) return null;
  const status = answer.value;
  if ((status.server ?? DEFAULT_SERVER_ORIGIN) !== origin) return null;
  return {
    source: EXTENSION_MESSAGE_SOURCES.extension,
    type: 'status',
    version: status.version,
    signedIn: status.signedIn,
    email: status.email,
  };
}

/**
 * Announces the status on load, in answer to every valid `hello` from the page itself, and whenever the
 * sign-in changes. The bridge is registered for the server's host on any port, so the origin is checked here.
 */
export async function startWebBridge(page: Window): Promise<void> {
  const origin = page.location.origin;
  const onLoad = await statusFor(origin);
  if (!onLoad) return;
  const announce = async () => {
    const status = await statusFor(origin);
    if (status) page.postMessage(status, origin);
  };

  page.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== page || event.origin !== origin) return;
    if (!WebToExtensionMessageSchema.safeParse(event.data).success) return;
    void announce();
  });
  chrome.storage.onChanged.addListener((_changes, area) => {
    if (area === 'local') void announce();
  });
  page.postMessage(onLoad, origin);
}
