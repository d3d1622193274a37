// HTTP side of the local test checkout: the page a checkout URL opens in a new window, and its Confirm and
// Cancel forms. No bearer token: the unguessable, single-use session id in the URL is the key, as a
// provider's hosted checkout link would be.
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  cancelledPage,
  checkoutPage,
  confirmedPage,
  type HtmlPage,
  problemPage,
} from './local-checkout-page';
import { LOCAL_CHECKOUT_ROUTE, type LocalPaymentProvider } from './local-payments';
import type { PaymentEvent } from './payment-provider';

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'cache-control': 'no-store',
  // The session id is in the URL: it must not leak to the dashboard link through the Referer header.
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

interface SessionParams {
  id: string;
}

export function localCheckoutRoutes(
  provider: LocalPaymentProvider,
  applyEvent: (event: PaymentEvent) => Promise<unknown>,
) {
  return async (app: FastifyInstance): Promise<void> => {
    // The page's forms post url-encoded and carry nothing the handlers read: the session is in the path.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _body, done) => done(null, undefined),
    );

    app.get<{ Params: SessionParams }>(`${LOCAL_CHECKOUT_ROUTE}/:id`, async (request, reply) => {
      const state = await provider.find(request.params.id);
      return send(reply, state.kind === 'open' ? checkoutPage(state.session) : problemPage(state));
    });

    app.post<{ Params: SessionParams }>(`${LOCAL_CHECKOUT_ROUTE}/:id/confirm`, async (request, reply) => {
      const state = await provider.confirm(request.params.id, applyEvent);
      return send(reply, state.kind === 'open' ? confirmedPage() : problemPage(state));
    });

    app.post<{ Params: SessionParams }>(`${LOCAL_CHECKOUT_ROUTE}/:id/cancel`, async (request, reply) => {
      const state = await provider.cancel(request.params.id);
      return send(reply, state.kind === 'open' ? cancelledPage() : problemPage(state));
    });
  };
}

function send(reply: FastifyReply, page: HtmlPage): FastifyReply {
  return reply.status(page.status).headers(SECURITY_HEADERS).type('text/html; charset=utf-8').send(page.html);
}
