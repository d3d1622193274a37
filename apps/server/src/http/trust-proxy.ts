// Which X-Forwarded-For entries become `request.ip`, the address the attempt limits count (decision 052). Each
// proxy adds the address it got the request from at the right-hand end; what stands further left came from
// the client, who can write anything there.
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config';

export function fastifyTrustProxy(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  // Fastify 5 takes a bare hop count as "trust nobody": with it, a client that reaches the port directly could
  // still name any address. The operator who sets a count says only the proxies reach it (docs/deployment.md).
  // Hop 0 is the peer of the connection, hop 1 the right-most X-Forwarded-For entry, and so on.
  return (_address, hop) => hop < setting;
}
