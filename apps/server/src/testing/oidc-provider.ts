// A real OpenID provider for the tests (the `oidc-provider` package), set up one way like Google and one way
// like Apple (decision 041):
// - like Google: code flow with PKCE (S256) required, the client authenticated with its secret
//   (client_secret_post), RS256 ID tokens carrying `email` and `email_verified` as a boolean;
// - like Apple: the answer posted back (response_mode=form_post), and the token endpoint authenticated with
//   Apple's ES256 client-secret JWT, which oidc-provider cannot check itself: a middleware in front of the token
//   endpoint verifies the JWT's signature with the test key's public half and its iss, sub, aud and exp, and only
//   then swaps it for the secret the client is registered with. Its ID tokens carry `email_verified` and
//   `is_private_email` as the strings "true" and "false", as Apple's do.
// Who signs in is chosen on the provider's interaction page: a tiny HTML form ("Sign in as", an e-mail address)
// a browser fills, which also takes the subject, whether the e-mail is verified, and whether there is one, so
// `signInAtProvider` can drive the whole round trip over HTTP without a browser.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export type TestOidcProviderKind = 'google' | 'apple';

/** Who signs in at the provider. */
export interface TestOidcAccount {
  /** The provider's stable id of the person; made from the e-mail when left out (a browser's sign-in). */
  subject?: string;
  /** Left out: the provider shares no address. */
  email?: string;
  /** Whether the provider says it checked the address; true when left out. */
  emailVerified?: boolean;
  /** Apple's private relay (…@privaterelay.appleid.com): reported as `is_private_email`. */
  isPrivateEmail?: boolean;
}

export interface AppleTestKey {
  /** PKCS #8 PEM, as APPLE_PRIVATE_KEY takes it. */
  privateKeyPem: string;
  publicKey: crypto.KeyObject;
  keyId: string;
}

export interface TestOidcProviderOptions {
  like: TestOidcProviderKind;
  clientId: string;
  /** Google-like: the client secret the server is configured with. */
  clientSecret?: string;
  redirectUri: string;
  /** Apple-like: the team, and the key whose public half checks the client-secret JWT. */
  apple?: { teamId: string; key: Pick<AppleTestKey, 'publicKey' | 'keyId'> };
  /** 0 (any free port) when left out. */
  port?: number;
  host?: string;
}

export interface TestOidcProvider {
  /** http://127.0.0.1:port: what GOOGLE_ISSUER or APPLE_ISSUER is set to. */
  issuer: string;
  close(): Promise<void>;
}

/** What the provider sent the browser back with: the redirect's query, or the fields of Apple's form_post. */
export interface ProviderAnswer {
  /** Where the browser goes: the redirect URI (its query stripped) or the form's action. */
  target: string;
  /** `form_post` when the fields come in an auto-submitted form, `query` when in the redirect's address. */
  mode: 'query' | 'form_post';
  fields: Record<string, string>;
}

/** An EC P-256 key like the one Apple lets a team download (a .p8 file). */
export function createAppleTestKey(): AppleTestKey {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey,
    keyId: crypto.randomBytes(5).toString('hex').toUpperCase(),
  };
}

/** The secret the Apple-like client is registered with; only the token endpoint's middleware knows it. */
const APPLE_REGISTERED_SECRET = crypto.randomBytes(32).toString('hex');
/** Apple refuses a client secret that lives longer than this. */
const APPLE_SECRET_MAX_SECONDS = 180 * 24 * 60 * 60;

export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestOidcAccount>();
  const server = (await import('node:http')).createServer();
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const apple = options.like === 'apple';
  if (apple && !options.apple) throw new Error('an Apple-like provider needs options.apple');

  const signingKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: apple ? APPLE_REGISTERED_SECRET : (options.clientSecret ?? ''),
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: {
      keys: [{ ...signingKey.export({ format: 'jwk' }), kid: 'test-signing-key', alg: 'RS256', use: 'sig' }],
    },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    scopes: ['openid', 'email', 'name'],
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'is_private_email'], name: ['name'] },
    // Google and Apple put the e-mail in the ID token itself, whatever else they issue.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => !apple },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      return account && { accountId: id, claims: async () => claimsOf(id, account, apple) };
    },
  });

  if (apple && options.apple) provider.use(appleClientSecretCheck(issuer, options.clientId, options.apple));
  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(ctx.path);
    if (!match) return next();
    if (ctx.method === 'GET' && !match[2]) {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      ctx.type = 'html';
      ctx.body = signInPage(details.uid);
      return;
    }
    if (ctx.method !== 'POST' || !match[2]) return next();
    const form = new URLSearchParams((await readBody(ctx.req)).toString('utf8'));
    const account = accountFromForm(form);
    const subject = account.subject ?? subjectFor(account.email ?? '');
    accounts.set(subject, account);
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const grant = new provider.Grant({ accountId: subject, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: subject }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    ctx.status = 303;
    ctx.redirect(returnTo);
  });
  server.on('request', provider.callback());

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * Goes through the provider's sign-in as `account`, the way a browser would (cookies kept, redirects followed
 * by hand), and answers what the provider sends back: the redirect's query, or Apple's form_post fields.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  account: TestOidcAccount,
): Promise<ProviderAnswer> {
  const cookies = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader(cookies) },
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    return response;
  };
  const interactionUrl = await followUntil(request, authorizationUrl, (url) =>
    new URL(url).pathname.startsWith('/interaction/'),
  );
  const page = await request(interactionUrl);
  if (page.status !== 200) throw new Error(`the sign-in page answered ${page.status}: ${await page.text()}`);
  const form = new URLSearchParams();
  if (account.email !== undefined) form.set('email', account.email);
  else form.set('no_email', 'true');
  if (account.subject !== undefined) form.set('subject', account.subject);
  form.set('email_verified', String(account.emailVerified ?? true));
  if (account.isPrivateEmail) form.set('is_private_email', 'true');
  const submitted = await request(`${interactionUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  let location = submitted.headers.get('location');
  if (!location) throw new Error(`signing in answered ${submitted.status}: ${await submitted.text()}`);
  const issuer = new URL(authorizationUrl).origin;
  // Back through the provider's own addresses until it answers the client: a redirect or a form.
  for (let hops = 0; hops < 10; hops++) {
    const url = new URL(location, issuer);
    if (url.origin !== issuer) {
      const fields = Object.fromEntries(url.searchParams);
      url.search = '';
      return { target: url.href, mode: 'query', fields };
    }
    const response = await request(url.href);
    const next = response.headers.get('location');
    if (next) {
      location = next;
      continue;
    }
    const html = await response.text();
    const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status}: ${html.slice(0, 500)}`);
    const fields: Record<string, string> = {};
    for (const [, name = '', value = ''] of html.matchAll(
      /<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g,
    )) {
      fields[name] = unescapeHtml(value);
    }
    return { target: unescapeHtml(action), mode: 'form_post', fields };
  }
  throw new Error('the provider redirected too many times');
}

async function followUntil(
  request: (url: string) => Promise<Response>,
  start: string,
  done: (url: string) => boolean,
): Promise<string> {
  let url = start;
  for (let hops = 0; hops < 10; hops++) {
    if (done(url)) return url;
    const response = await request(url);
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
    url = new URL(location, url).href;
  }
  throw new Error('the provider redirected too many times');
}

function claimsOf(
  subject: string,
  account: TestOidcAccount,
  apple: boolean,
): { sub: string } & Record<string, unknown> {
  if (account.email === undefined) return { sub: subject };
  const verified = account.emailVerified ?? true;
  return apple
    ? {
        sub: subject,
        email: account.email,
        email_verified: String(verified),
        is_private_email: String(account.isPrivateEmail ?? false),
      }
    : { sub: subject, email: account.email, email_verified: verified };
}

function accountFromForm(form: URLSearchParams): TestOidcAccount {
  const email = form.get('no_email') === 'true' ? undefined : (form.get('email') ?? '').trim();
  return {
    subject: form.get('subject') || undefined,
    email,
    emailVerified: form.get('email_verified') !== 'false',
    isPrivateEmail: form.get('is_private_email') === 'true',
  };
}

/** A browser's sign-in names only an e-mail: the same e-mail is the same person every time. */
function subjectFor(email: string): string {
  return `sub-${crypto.createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24)}`;
}

/** The page a browser sees: one field and one button, which the Playwright journey fills. */
function signInPage(uid: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test provider: sign in</title></head>
<body>
  <form method="post" action="/interaction/${uid}/login">
    <label>Sign in as <input type="email" name="email" required autofocus></label>
    <button type="submit">Sign in</button>
  </form>
</body></html>`;
}

/**
 * Apple's token endpoint takes a JWT as the client secret: signed ES256 by the team's key (named by `kid`),
 * from the team (iss), for the Services ID (sub), to Apple (aud), expiring within six months. Anything else is
 * `invalid_client`, as Apple answers.
 */
function appleClientSecretCheck(
  issuer: string,
  clientId: string,
  apple: NonNullable<TestOidcProviderOptions['apple']>,
) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    if (ctx.path !== '/token' || ctx.method !== 'POST') return next();
    const form = new URLSearchParams((await readBody(ctx.req)).toString('utf8'));
    const secret = form.get('client_secret') ?? '';
    try {
      const { payload, protectedHeader } = await jwtVerify(secret, apple.key.publicKey, {
        algorithms: ['ES256'],
        issuer: apple.teamId,
        subject: clientId,
        audience: issuer,
        requiredClaims: ['iat', 'exp'],
      });
      if (protectedHeader.kid !== apple.key.keyId) throw new Error('unknown key id');
      if ((payload.exp ?? 0) - (payload.iat ?? 0) > APPLE_SECRET_MAX_SECONDS)
        throw new Error('lives too long');
    } catch {
      ctx.status = 401;
      ctx.body = { error: 'invalid_client', error_description: 'client authentication failed' };
      return;
    }
    form.set('client_secret', APPLE_REGISTERED_SECRET);
    // The stream is read: oidc-provider takes an already-read body from req.body.
    (ctx.req as IncomingMessage & { body?: string }).body = form.toString();
    return next();
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function cookieHeader(cookies: Map<string, string>): string {
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
