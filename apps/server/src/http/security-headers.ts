// Browser security headers on every answer, page and API alike (decision 018). The bearer token lives in
// localStorage, so the Content-Security-Policy is the main defence against injected script: scripts only
// from this origin, nothing inline, no framing by any origin.
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config, S3Config } from '../config';

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
    'connect-src': ["'self'", ...photoOrigins],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
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
