import fastifyMultipart from '@fastify/multipart';
import { fieldIssue, MAX_PHOTO_BYTES, routes } from '@snaplist/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { registerRoute } from '../../http/route';

export async function photosRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 10, parts: 12 },
  });
  registerRoute(app, routes.uploadPhoto, async (request) => {
    const original = await readPhoto(request);
    return app.services.photos.upload(request.requireSession().userId, original);
  });
}

/**
 * The bytes of the one file in the field "photo". Every part is read, so a second file or too many fields
 * trip the multipart limits (413) instead of being ignored; what busboy cannot parse is the client's 400.
 */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'photo') {
        part.file.resume();
        continue;
      }
      photo = await part.toBuffer();
    }
  } catch (error) {
    throw hasStatus(error) ? error : malformedMultipart(error);
  }
  if (!photo) {
    const issue = fieldIssue('photo', 'photo_field_missing');
    throw new AppError('validation_failed', 400, issue.message, { details: [issue] });
  }
  return photo;
}

/** Errors of @fastify/multipart carry their status; busboy's parse errors ("Unexpected end of form") do not. */
function hasStatus(error: unknown): boolean {
  return error instanceof AppError || (error instanceof Error && 'statusCode' in error);
}

function malformedMultipart(cause: unknown): AppError {
  return new AppError(
    'malformed_multipart',
    400,
    'The upload is not a well-formed multipart/form-data body: send the photo in a form field named "photo".',
    { cause },
  );
}
