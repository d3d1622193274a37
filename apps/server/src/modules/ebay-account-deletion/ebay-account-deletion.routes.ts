// HTTP side of eBay's marketplace account deletion: one public address, called by eBay only (no session), under
// /api like the payment provider's webhook. GET answers eBay's endpoint check; POST takes a signed notification,
// whose exact bytes the signature covers, so nothing parses them before the service has checked it.
import { ErrorBodySchema } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyTextRule, errorBodiesFor } from '../../http/route';
import { EBAY_ACCOUNT_DELETION_PATH, type EbayAccountDeletionService } from './ebay-account-deletion.service';

const ChallengeQuerySchema = z.object({ challenge_code: z.string().min(1).max(1000) });
const ChallengeResponseSchema = z.object({
  challengeResponse: z.string().meta({
    description: 'Hex SHA-256 of challenge code + verification token + this endpoint’s public URL',
  }),
});

export function ebayAccountDeletionRoutes(service: EbayAccountDeletionService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.withTypeProvider<ZodTypeProvider>().route({
      method: 'GET',
      url: EBAY_ACCOUNT_DELETION_PATH,
      schema: {
        summary: 'eBay’s check of the marketplace account deletion endpoint (challenge_code)',
        tags: ['crosslisting'],
        querystring: ChallengeQuerySchema,
        response: { 200: ChallengeResponseSchema, ...errorBodiesFor([400, 404, 500, 503]) },
      },
      preValidation: applyTextRule({ body: false }),
      handler: async (request) => service.challengeResponse(request.query.challenge_code),
    });

    // The signature covers the exact bytes: this scope keeps them as they arrived, whatever their type.
    await app.register(async (scoped) => {
      scoped.removeAllContentTypeParsers();
      scoped.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      scoped.withTypeProvider<ZodTypeProvider>().route({
        method: 'POST',
        url: EBAY_ACCOUNT_DELETION_PATH,
        schema: {
          summary: 'eBay’s signed MARKETPLACE_ACCOUNT_DELETION notification (X-EBAY-SIGNATURE)',
          tags: ['crosslisting'],
          response: {
            204: z.null().meta({ description: 'Verified and the account forgotten (or already was)' }),
            // 412 is what eBay's own SDKs answer a notification whose signature does not verify.
            412: ErrorBodySchema,
            ...errorBodiesFor([400, 404, 413, 415, 500, 502, 503]),
          },
        },
        preValidation: applyTextRule({ body: false }),
        handler: async (request, reply) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['x-ebay-signature'];
          await service.receive(body, typeof signature === 'string' ? signature : undefined);
          return reply.status(204).send(null);
        },
      });
    });
  };
}
