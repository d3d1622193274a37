// The Snaplist server's address as the seller types it, reduced to the origin the extension talks to, and the
// match pattern for that host (the browser's permission, the web bridge's registration). Used by the popup,
// which must ask for the permission inside the click, and by the background, which checks it.

/** The one-command start (`npm start`) serves here; a self-hosted server is typed in at sign-in. */
export const DEFAULT_SERVER_ORIGIN = 'http://localhost:3000';

/**
 * The origin of an http(s) address, so a pasted dashboard link works too
 * (`https://snaplist.example.com/dashboard` → `https://snaplist.example.com`); null for anything else.
 */
export function serverOrigin(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // Credentials in the address would be sent with every call and shown in the popup.
  if (url.username !== '' || url.password !== '') return null;
  return url.origin;
}

/**
 * The match pattern of an origin's host. The port is left out because Firefox refuses ports in match patterns
 * (Chrome reads a missing port as any port); the web bridge compares the exact origin itself.
 */
export function hostMatchPattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}
