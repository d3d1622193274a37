// Browser security headers on every answer, page and API alike (decision 018). The bearer token lives in
// localStorage, so the Content-Security-Policy is the main defence against injected script: scripts only
// from this origin, nothing inline, no framing by any origin. The web app's workers get a policy of their own
// (decision 045): a worker has no DOM to inject into, and the background-removal runtime needs more than a page.
// Every API answer is `Cache-Control: no-store` unless its route sets its own caching (a signed photo link):
// answers hold a seller's data, and neither a shared computer's browser nor a proxy may keep them (decision 050).
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { type Config, isLocalPublicPath, type S3Config } from '../config';

/** Two years, the preload list's minimum; sent only when the public address is https. */
const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  // With S3 the browser puts photos into the bucket and shows them from there (presigned URLs).
  const photoOrigins = config.s3 ? bucketOrigins(config.s3) : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // Inline styles are allowed: the toasts (goober) and the dialogs' scroll lock (react-remove-scroll)
    // insert <style> elements at run time. Scripts stay strict; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the inline SVG icons of the stylesheet, blob: for previews of photos before upload.
    'img-src': ["'self'", 'data:', 'blob:', ...photoOrigins],
    'connect-src': ["'self'", ...photoOrigins, ...backgroundRemovalOrigins(config)],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** A script the web app's build runs as a worker: `assets/background-removal.worker-<hash>.js`. */
const WORKER_SCRIPT = /^\/assets\/[^/]*worker[^/]*\.js$/;

/**
 * The policy of a worker script's answer, which is the policy the worker runs under (CSP 3; Chromium does so).
 * IMG.LY's library hands the ONNX runtime its script and WebAssembly as blob: URLs: the runtime imports
 * the script (script-src blob:), fetches the WebAssembly (connect-src blob:) and compiles it
 * ('wasm-unsafe-eval'). The ndarray code bundled inside IMG.LY's library builds its array constructors with
 * `new Function`, which only 'unsafe-eval' allows. A worker has no DOM and cannot read localStorage, where
 * the token is, so none of this reaches what the page's strict policy protects.
 */
export function workerContentSecurityPolicy(config: Config): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", 'blob:', "'unsafe-eval'", "'wasm-unsafe-eval'"],
    'connect-src': ["'self'", 'blob:', ...backgroundRemovalOrigins(config)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...contentSecurityPolicy(config),
        // Only behind https: on plain http it would send the browser to an https port nobody listens on.
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    // Photos served from /api/storage are fetched by this origin only; other origins may not embed them.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const workerPolicy = serialisePolicy({
    ...workerContentSecurityPolicy(config),
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  });
  // After helmet's hook: the worker's answer replaces the page policy helmet wrote. Before every route: a route
  // that caches on purpose replaces the API default.
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (WORKER_SCRIPT.test(pathname)) reply.header('content-security-policy', workerPolicy);
    if (pathname === '/api' || pathname.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}

/** Helmet's serialisation: `name value value;name value`. */
function serialisePolicy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/** The mirror the browser fetches the background-removal files from, when they are not on this server. */
function backgroundRemovalOrigins(config: Config): string[] {
  const { publicPath } = config.backgroundRemoval;
  return isLocalPublicPath(publicPath) ? [] : [new URL(publicPath).origin];
}

/** Where the browser reaches the bucket: path style on the endpoint, or the bucket's own host name. */
function bucketOrigins(s3: S3Config): string[] {
  if (!s3.publicEndpoint) {
    return [`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`, `https://s3.${s3.region}.amazonaws.com`];
  }
  const endpoint = new URL(s3.publicEndpoint);
  if (s3.forcePathStyle) return [endpoint.origin];
  return [`${endpoint.protocol}//${s3.bucket}.${endpoint.host}`, endpoint.origin];
}
