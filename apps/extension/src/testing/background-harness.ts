// Runs the real background (src/background/background.ts) in a test, on the fake chrome APIs: requests go
// through chrome.runtime.onMessage as they do in the browser. Once per test file (a module registers its
// listeners once); `fake.reset()` between tests.
import { vi } from 'vitest';
import { createFakeChrome, type FakeChrome } from './fake-chrome';

export async function loadBackground(): Promise<FakeChrome> {
  const fake = createFakeChrome();
  vi.stubGlobal('chrome', fake.chrome);
  await import('../background/background');
  return fake;
}

/** Signs the background in as `seller` on the Snaplist server at `serverUrl`, as the popup does. */
export async function signInBackground(
  fake: FakeChrome,
  serverUrl: string,
  seller: { email: string; password: string },
): Promise<void> {
  const answer = await fake.ask({
    type: 'signIn',
    server: serverUrl,
    email: seller.email,
    password: seller.password,
  });
  if (!answer.ok) throw new Error(`signing in as ${seller.email}: ${answer.error.message}`);
}
