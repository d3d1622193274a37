// What the background keeps. In chrome.storage.local (kept across restarts): the server's origin and the
// seller's session. In chrome.storage.session (memory only, gone when the browser closes, and out of content
// scripts' reach by default): caches about the signed-in seller, cleared whenever the session changes.

export const LOCAL_KEYS = { server: 'server', session: 'session' } as const;

export interface StoredSession {
  token: string;
  email: string;
}

/** The origin the seller signed in to; null before the first sign-in. */
export async function readServer(): Promise<string | null> {
  const stored = await chrome.storage.local.get(LOCAL_KEYS.server);
  const server = stored[LOCAL_KEYS.server];
  return typeof server === 'string' ? server : null;
}

export async function readSession(): Promise<StoredSession | null> {
  const stored = await chrome.storage.local.get(LOCAL_KEYS.session);
  const session = stored[LOCAL_KEYS.session] as Partial<StoredSession> | undefined;
  if (typeof session?.token !== 'string' || typeof session.email !== 'string') return null;
  return { token: session.token, email: session.email };
}

export async function saveSignIn(server: string, session: StoredSession): Promise<void> {
  await chrome.storage.session.clear();
  // One write, so a reader never sees the new server with the old account.
  await chrome.storage.local.set({ [LOCAL_KEYS.server]: server, [LOCAL_KEYS.session]: session });
}

/** Forgets the token (the server address stays, for the next sign-in) and everything cached about the seller. */
export async function forgetSession(): Promise<void> {
  await chrome.storage.local.remove(LOCAL_KEYS.session);
  await chrome.storage.session.clear();
}
