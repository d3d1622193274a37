// HTTP side of the local test checkout: the page a checkout URL opens in a new window, and its Confirm and
// Cancel forms. No bearer token: the unguessable, single-use session id in the URL is the key, as a
// provider's hosted checkout link would be.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { applyTextRule, errorBodiesFor } from '../../http/route';
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

const HTML_PAGE = { content: { 'text/html': { schema: z.string() } } };

/**
 * Every status each page answers, so the OpenAPI document lists them (decision 019): the page itself (200),
 * an unknown session (404) or a used or expired one (410) as HTML; a bad address or an id over 100 characters
 * as our `Error`, and a form body too large or of another type too for the two forms.
 */
function pageSchema(summary: string, method: 'GET' | 'POST') {
  return {
    summary,
    tags: ['checkout'],
    response: {
      200: HTML_PAGE,
      404: HTML_PAGE,
      410: HTML_PAGE,
      ...errorBodiesFor(method === 'GET' ? [400, 414, 500, 503] : [400, 413, 414, 415, 500, 503]),
    },
  };
}

const textRule = applyTextRule({ body: false });

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

    app.get<{ Params: SessionParams }>(
      `${LOCAL_CHECKOUT_ROUTE}/:id`,
      {
        schema: pageSchema('The local test checkout page for a session (PAYMENT_PROVIDER=local)', 'GET'),
        preValidation: textRule,
      },
      async (request, reply) => {
        const state = await provider.find(request.params.id);
        return send(reply, state.kind === 'open' ? checkoutPage(state.session) : problemPage(state));
      },
    );

    app.post<{ Params: SessionParams }>(
      `${LOCAL_CHECKOUT_ROUTE}/:id/confirm`,
      {
        schema: pageSchema('Confirm the local test checkout: the plan is active at once', 'POST'),
        preValidation: textRule,
      },
      async (request, reply) => {
        const state = await provider.confirm(request.params.id, applyEvent);
        return send(reply, state.kind === 'open' ? confirmedPage() : problemPage(state));
      },
    );

    app.post<{ Params: SessionParams }>(
      `${LOCAL_CHECKOUT_ROUTE}/:id/cancel`,
      { schema: pageSchema('Cancel the local test checkout', 'POST'), preValidation: textRule },
      async (request, reply) => {
        const state = await provider.cancel(request.params.id);
        return send(reply, state.kind === 'open' ? cancelledPage() : problemPage(state));
      },
    );
  };
}

function send(reply: FastifyReply, page: HtmlPage): FastifyReply {
  return reply.status(page.status).headers(SECURITY_HEADERS).type('text/html; charset=utf-8').send(page.html);
}
