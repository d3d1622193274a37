// The web bridge on a Snaplist page (jsdom), answered by the real background on the fake chrome APIs: it
// speaks only to the configured server's exact origin, only to its own window, only in the contract's
// messages, and never with the token.
import { EXTENSION_MESSAGE_SOURCES, ExtensionToWebMessageSchema } from '@snaplist/contract';
import { JSDOM } from 'jsdom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import packageJson from '../../package.json';
import { LOCAL_KEYS } from '../background/storage';
import { loadBackground } from '../testing/background-harness';
import { contentScriptSender, type FakeChrome } from '../testing/fake-chrome';
import { startWebBridge } from './bridge';

const SERVER = 'https://snaplist.example.com';
const HELLO = { source: EXTENSION_MESSAGE_SOURCES.web, type: 'hello' };

let fake: FakeChrome;
let pages: JSDOM[] = [];

beforeAll(async () => {
  fake = await loadBackground();
});

beforeEach(async () => {
  fake.reset();
  await fake.local.set({
    [LOCAL_KEYS.server]: SERVER,
    [LOCAL_KEYS.session]: { token: 'secret-extension-token', email: 'seller@example.com' },
  });
});

afterEach(() => {
  for (const page of pages) page.window.close();
  pages = [];
});

interface Posted {
  message: unknown;
  targetOrigin: string | WindowPostMessageOptions | undefined;
}

/** A page at `url` running the bridge; what the bridge posts to it is collected in `posted`. */
async function openPage(url: string) {
  const page = new JSDOM('<!doctype html><title>Snaplist</title>', { url });
  pages.push(page);
  const posted: Posted[] = [];
  page.window.postMessage = (message: unknown, targetOrigin?: string | WindowPostMessageOptions) => {
    posted.push({ message, targetOrigin });
  };
  fake.sender = contentScriptSender(1, url);
  await startWebBridge(page.window);
  const send = (data: unknown, init: { origin?: string; source?: unknown } = {}) => {
    page.window.dispatchEvent(
      new page.window.MessageEvent('message', {
        data,
        origin: init.origin ?? page.window.location.origin,
        source: (init.source === undefined ? page.window : init.source) as MessageEventSource | null,
      }),
    );
  };
  return { window: page.window, posted, send };
}

function status(signedIn: boolean, email: string | null) {
  return {
    message: { source: 'snaplist-extension', type: 'status', version: packageJson.version, signedIn, email },
    targetOrigin: SERVER,
  };
}

describe('the web bridge on the configured server', () => {
  it('announces the extension on load, without the token', async () => {
    const page = await openPage(`${SERVER}/dashboard/extensions`);

    expect(page.posted).toEqual([status(true, 'seller@example.com')]);
    expect(ExtensionToWebMessageSchema.strict().safeParse(page.posted[0]?.message).success).toBe(true);
    expect(JSON.stringify(page.posted)).not.toContain('secret-extension-token');
  });

  it('answers every hello from the page itself', async () => {
    const page = await openPage(`${SERVER}/dashboard`);

    page.send(HELLO);
    page.send(HELLO);

    await vi.waitFor(() => expect(page.posted).toHaveLength(3));
    expect(page.posted[2]).toEqual(status(true, 'seller@example.com'));
  });

  it('ignores messages from another origin, another window, or not in the contract', async () => {
    const page = await openPage(`${SERVER}/dashboard`);
    const otherWindow = new JSDOM('', { url: SERVER }).window;

    page.send(HELLO, { origin: 'https://evil.example.com' });
    page.send(HELLO, { origin: 'https://snaplist.example.com:8443' });
    page.send(HELLO, { source: otherWindow });
    page.send(HELLO, { source: null });
    page.send({ source: EXTENSION_MESSAGE_SOURCES.web, type: 'token' });
    page.send({ ...HELLO, source: 'someone-else' });
    page.send('hello');
    page.send(null);
    // A valid hello last: when its answer is in, any answer to the ones above would be too.
    page.send(HELLO);

    await vi.waitFor(() => expect(page.posted).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.posted).toHaveLength(2);
    otherWindow.close();
  });

  it('tells the page when the extension signs out', async () => {
    const page = await openPage(`${SERVER}/dashboard`);

    await fake.local.remove(LOCAL_KEYS.session);

    await vi.waitFor(() => expect(page.posted).toHaveLength(2));
    expect(page.posted[1]).toEqual(status(false, null));
  });
});

describe('the web bridge anywhere else', () => {
  it.each([
    ['another port of the same host', 'https://snaplist.example.com:8443/dashboard'],
    ['plain http on the same host', 'http://snaplist.example.com/dashboard'],
  ])('stays silent on %s', async (_case, url) => {
    const page = await openPage(url);

    page.send(HELLO);
    await fake.local.remove(LOCAL_KEYS.session);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(page.posted).toEqual([]);
  });

  it('speaks on the one-command start before any sign-in', async () => {
    fake.reset();
    const page = await openPage('http://localhost:3000/dashboard');

    expect(page.posted).toEqual([
      { message: { ...status(false, null).message }, targetOrigin: 'http://localhost:3000' },
    ]);
  });
});
