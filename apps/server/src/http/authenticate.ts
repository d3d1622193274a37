// Bearer-token authentication for routes whose contract descriptor says `auth: true`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors';

/** Who a request is signed in as: the account and the session its bearer token stands for. */
export interface AuthSession {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: AuthSession | null;
    /** The authenticated session; throws 401 on a route that skipped authentication by mistake. */
    requireSession(): AuthSession;
  }
}

export function decorateSession(app: FastifyInstance): void {
  app.decorateRequest('session', null);
  app.decorateRequest('requireSession', function requireSession(this: FastifyRequest) {
    if (!this.session) throw unauthorized();
    return this.session;
  });
}

export async function requireAuth(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized();
  request.session = await request.server.services.auth.authenticate(match[1]);
}
