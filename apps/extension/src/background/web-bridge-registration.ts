// The web bridge (src/web-bridge) runs on the Snaplist site so the dashboard can see the extension. Its host
// is the seller's to choose, so it cannot be listed in the manifest: it is registered here, for the
// configured server's host, on install, on browser start-up and whenever the server address changes.
import { DEFAULT_SERVER_ORIGIN, hostMatchPattern } from '../server-address';
import { readServer } from './storage';

export const WEB_BRIDGE_SCRIPT_ID = 'snaplist-web-bridge';

async function replaceRegistration(): Promise<void> {
  const server = (await readServer()) ?? DEFAULT_SERVER_ORIGIN;
  const registered = await chrome.scripting.getRegisteredContentScripts({ ids: [WEB_BRIDGE_SCRIPT_ID] });
  if (registered.length > 0) {
    await chrome.scripting.unregisterContentScripts({ ids: [WEB_BRIDGE_SCRIPT_ID] });
  }
  await chrome.scripting.registerContentScripts([
    {
      id: WEB_BRIDGE_SCRIPT_ID,
      matches: [hostMatchPattern(server)],
      js: ['web-bridge.js'],
      runAt: 'document_idle',
      // Registered again at every start-up, so nothing depends on the browser keeping it.
      persistAcrossSessions: false,
    },
  ]);
}

let registering: Promise<void> = Promise.resolve();

/**
 * Registers the bridge for the configured server. Calls run one after another: install and start-up can
 * overlap with a sign-in, and two registrations under one id at once would refuse each other.
 */
export function registerWebBridge(): Promise<void> {
  registering = registering.catch(() => undefined).then(replaceRegistration);
  return registering;
}
