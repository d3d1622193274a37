// HTTP side of leaving (decision 043): the export zip and the account's deletion.
import { routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';
import { attachmentDisposition } from '../../platform/storage/photo-storage';

// The contract's route() widens `produces`; restating it lets the handler answer with the zip's stream.
const exportAccount = { ...routes.exportAccount, produces: 'application/zip' as const };

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { account } = app.services;

  registerRoute(app, exportAccount, async (request, reply) => {
    const file = await account.exportAccount(request.requireSession().userId);
    reply.header('content-disposition', attachmentDisposition(file.fileName));
    reply.header('cache-control', 'no-store');
    return file.body;
  });
  registerRoute(app, routes.deleteAccount, (request) =>
    account.deleteAccount(request.requireSession(), request.body),
  );
}
