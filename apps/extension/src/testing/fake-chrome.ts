// A small stand-in for the chrome.* APIs the extension uses, for Vitest on Node: storage areas that copy
// values and report changes, runtime messaging to the registered listeners with a sender the test chooses,
// i18n over the real English messages.json, host permissions and content-script registrations. Nothing else
// exists on it, so a new chrome API in the extension fails its tests until it is faked here too.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtensionRequest, ExtensionResult, ResponseOf } from '../messages';

const extensionRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const FAKE_EXTENSION_ID = 'fakeextensionid';
export const EXTENSION_ORIGIN = `chrome-extension://${FAKE_EXTENSION_ID}`;

/** The popup, as the sender of its requests. */
export const POPUP_SENDER: chrome.runtime.MessageSender = {
  id: FAKE_EXTENSION_ID,
  url: `${EXTENSION_ORIGIN}/popup.html`,
  origin: EXTENSION_ORIGIN,
};

/** A content script's requests come from a tab and a page. */
export function contentScriptSender(tabId: number, url: string): chrome.runtime.MessageSender {
  return {
    id: FAKE_EXTENSION_ID,
    url,
    origin: new URL(url).origin,
    tab: { id: tabId, url } as chrome.tabs.Tab,
  };
}

type Listener<A extends unknown[]> = (...args: A) => unknown;

class FakeEvent<A extends unknown[]> {
  readonly listeners: Listener<A>[] = [];

  addListener(listener: Listener<A>): void {
    this.listeners.push(listener);
  }

  removeListener(listener: Listener<A>): void {
    const index = this.listeners.indexOf(listener);
    if (index >= 0) this.listeners.splice(index, 1);
  }

  hasListener(listener: Listener<A>): boolean {
    return this.listeners.includes(listener);
  }

  dispatch(...args: A): void {
    for (const listener of [...this.listeners]) listener(...args);
  }
}

type StorageChanges = Record<string, chrome.storage.StorageChange>;

/** One storage area. Values go in and out as copies, as the browser serialises them. */
class FakeStorageArea {
  private readonly items = new Map<string, unknown>();

  constructor(
    private readonly areaName: 'local' | 'session',
    private readonly onChanged: FakeEvent<[StorageChanges, string]>,
  ) {}

  async get(keys?: string | string[] | null): Promise<Record<string, unknown>> {
    const wanted = keys === undefined || keys === null ? [...this.items.keys()] : [keys].flat();
    const found: Record<string, unknown> = {};
    for (const key of wanted) {
      if (this.items.has(key)) found[key] = structuredClone(this.items.get(key));
    }
    return found;
  }

  async set(values: Record<string, unknown>): Promise<void> {
    const changes: StorageChanges = {};
    for (const [key, value] of Object.entries(values)) {
      changes[key] = { oldValue: this.items.get(key), newValue: structuredClone(value) };
      this.items.set(key, structuredClone(value));
    }
    this.report(changes);
  }

  async remove(keys: string | string[]): Promise<void> {
    const changes: StorageChanges = {};
    for (const key of [keys].flat()) {
      if (!this.items.has(key)) continue;
      changes[key] = { oldValue: this.items.get(key) };
      this.items.delete(key);
    }
    this.report(changes);
  }

  async clear(): Promise<void> {
    await this.remove([...this.items.keys()]);
  }

  /** What the area holds now, for assertions. */
  contents(): Record<string, unknown> {
    return structuredClone(Object.fromEntries(this.items));
  }

  private report(changes: StorageChanges): void {
    if (Object.keys(changes).length > 0) this.onChanged.dispatch(changes, this.areaName);
  }
}

interface MessageEntry {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

/** chrome.i18n.getMessage over one messages.json: named placeholders, then `$1`-style substitutions. */
function messageReader(language: string) {
  const file = path.join(extensionRoot, '_locales', language, 'messages.json');
  const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, MessageEntry>;
  return (key: string, substitutions: string | string[] = []): string => {
    const entry = messages[key];
    if (!entry) return '';
    const values = [substitutions].flat();
    const named = entry.message.replace(/\$([a-zA-Z0-9_@]+)\$/g, (whole, name: string) => {
      const placeholder = entry.placeholders?.[name.toLowerCase()];
      return placeholder ? placeholder.content : whole;
    });
    return named.replace(/\$(\d)/g, (_, position: string) => values[Number(position) - 1] ?? '');
  };
}

export interface FakeChrome {
  /** Goes in place of the global `chrome` (vi.stubGlobal). */
  chrome: typeof chrome;
  local: FakeStorageArea;
  session: FakeStorageArea;
  /** Host permissions the seller has granted (match patterns). */
  grantedOrigins: Set<string>;
  /** What the seller answers the next permission prompts. */
  permissionAnswer: boolean;
  registeredScripts: chrome.scripting.RegisteredContentScript[];
  /** Who `chrome.runtime.sendMessage` calls come from (the popup unless a test says otherwise). */
  sender: chrome.runtime.MessageSender;
  /** A request to the background from `sender`, as src/messages.ts sends it. */
  ask<R extends ExtensionRequest>(
    request: R,
    sender?: chrome.runtime.MessageSender,
  ): Promise<ExtensionResult<ResponseOf<R>>>;
  /** Back to a fresh install: empty storage, the manifest's permissions, no registrations. */
  reset(): void;
}

export function createFakeChrome(): FakeChrome {
  const manifest = JSON.parse(fs.readFileSync(path.join(extensionRoot, 'manifest.json'), 'utf8')) as {
    host_permissions: string[];
  };
  const { version } = JSON.parse(fs.readFileSync(path.join(extensionRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const storageChanged = new FakeEvent<[StorageChanges, string]>();
  const onMessage = new FakeEvent<[unknown, chrome.runtime.MessageSender, (response?: unknown) => void]>();
  const local = new FakeStorageArea('local', storageChanged);
  const session = new FakeStorageArea('session', storageChanged);
  const getMessage = messageReader('en');

  const deliver = (message: unknown, sender: chrome.runtime.MessageSender) =>
    new Promise<unknown>((resolve, reject) => {
      let answered = false;
      let waiting = false;
      const sendResponse = (response?: unknown) => {
        if (answered) return;
        answered = true;
        resolve(structuredClone(response));
      };
      for (const listener of onMessage.listeners) {
        if (listener(structuredClone(message), sender, sendResponse) === true) waiting = true;
      }
      if (!answered && !waiting)
        reject(new Error('Could not establish connection. Receiving end does not exist.'));
    });

  const fake: FakeChrome = {
    local,
    session,
    grantedOrigins: new Set(manifest.host_permissions),
    permissionAnswer: true,
    registeredScripts: [],
    sender: POPUP_SENDER,
    // The background answers each request with that request's result type (src/messages.ts).
    ask: (request, sender) => deliver(request, sender ?? fake.sender) as never,
    reset() {
      void local.clear();
      void session.clear();
      fake.grantedOrigins = new Set(manifest.host_permissions);
      fake.permissionAnswer = true;
      fake.registeredScripts = [];
      fake.sender = POPUP_SENDER;
    },
    chrome: undefined as unknown as typeof chrome,
  };

  const api = {
    storage: { local, session, onChanged: storageChanged },
    runtime: {
      id: FAKE_EXTENSION_ID,
      getURL: (resource: string) => `${EXTENSION_ORIGIN}/${resource.replace(/^\//, '')}`,
      getManifest: () => ({ ...manifest, manifest_version: 3, version }),
      sendMessage: (message: unknown) => deliver(message, fake.sender),
      onMessage,
      onInstalled: new FakeEvent<[chrome.runtime.InstalledDetails]>(),
      onStartup: new FakeEvent<[]>(),
    },
    i18n: { getMessage, getUILanguage: () => 'en' },
    permissions: {
      contains: async ({ origins = [] }: chrome.permissions.Permissions) =>
        origins.every((origin) => fake.grantedOrigins.has(origin)),
      request: async ({ origins = [] }: chrome.permissions.Permissions) => {
        const missing = origins.filter((origin) => !fake.grantedOrigins.has(origin));
        if (missing.length === 0) return true;
        if (!fake.permissionAnswer) return false;
        for (const origin of missing) fake.grantedOrigins.add(origin);
        return true;
      },
    },
    scripting: {
      registerContentScripts: async (scripts: chrome.scripting.RegisteredContentScript[]) => {
        for (const script of scripts) {
          if (fake.registeredScripts.some((registered) => registered.id === script.id)) {
            throw new Error(`Duplicate script ID '${script.id}'`);
          }
        }
        fake.registeredScripts.push(...structuredClone(scripts));
      },
      unregisterContentScripts: async (filter?: chrome.scripting.ContentScriptFilter) => {
        fake.registeredScripts = fake.registeredScripts.filter(
          (script) => filter?.ids !== undefined && !filter.ids.includes(script.id),
        );
      },
      getRegisteredContentScripts: async (filter?: chrome.scripting.ContentScriptFilter) =>
        fake.registeredScripts.filter(
          (script) => filter?.ids === undefined || filter.ids.includes(script.id),
        ),
    },
    tabs: { onRemoved: new FakeEvent<[number, chrome.tabs.OnRemovedInfo]>() },
  };
  // Only the APIs above exist: the cast lets the extension's code, typed against the real `chrome`, run on it.
  fake.chrome = api as unknown as typeof chrome;
  return fake;
}
