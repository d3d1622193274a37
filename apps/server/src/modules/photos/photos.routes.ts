import fastifyMultipart from '@fastify/multipart';
import { MAX_PHOTO_BYTES, routes } from '@snaplist/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { registerRoute } from '../../http/route';

export async function photosRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 10, parts: 12 },
  });
  registerRoute(app, routes.uploadPhoto, async (request) => {
    const file = await request.file();
    if (file?.fieldname !== 'photo') {
      throw new AppError('validation_failed', 400, 'Send the photo in a form field named "photo".', {
        details: [{ field: 'photo', message: 'Required' }],
      });
    }
    const original = await file.toBuffer();
    return app.services.photos.upload(request.requireSession().userId, original);
  });
}
