// HTTP side of the embedded storage adapter: the signed PUT the browser uploads to, and the signed GET that
// serves photos. The signature authorises the request, as an S3 presigned URL would; no bearer token.
import { MAX_PHOTO_BYTES } from '@snaplist/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { LOCAL_STORAGE_ROUTE, type LocalPhotoStorage, type SignedRequest } from './local-storage';
import { attachmentDisposition } from './photo-storage';

const MIME_BY_EXTENSION: Record<string, string> = { jpg: 'image/jpeg', webp: 'image/webp', png: 'image/png' };

interface StorageQuery {
  op?: string;
  exp?: string;
  ct?: string;
  max?: string;
  dl?: string;
  sig?: string;
}

export function localStorageRoutes(storage: LocalPhotoStorage) {
  return async (app: FastifyInstance): Promise<void> => {
    // Uploads are raw bytes of any declared type; the handler compares it with the signed one.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) =>
      done(null, body),
    );

    app.put(`${LOCAL_STORAGE_ROUTE}/*`, { bodyLimit: MAX_PHOTO_BYTES }, async (request, reply) => {
      const signed = readSignedRequest(request, 'put');
      refuseUnlessValid(storage, signed, 'upload');
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (contentType !== signed.contentType) {
        throw new AppError(
          'unsupported_media_type',
          415,
          `This upload link is for ${signed.contentType} files; the photo was sent as ${contentType || 'no type'}.`,
        );
      }
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new AppError('bad_request', 400, 'The upload is empty: send the photo as the request body.');
      }
      if (body.length > (signed.maxBytes ?? 0)) {
        throw new AppError(
          'payload_too_large',
          413,
          'The photo is larger than the size declared for this upload.',
        );
      }
      await storage.put(signed.key, body);
      return reply.status(200).send();
    });

    app.get(`${LOCAL_STORAGE_ROUTE}/*`, async (request, reply) => {
      const signed = readSignedRequest(request, 'get');
      refuseUnlessValid(storage, signed, 'photo');
      const body = await storage.get(signed.key);
      if (!body) throw new AppError('not_found', 404, 'This photo no longer exists.');
      const extension = signed.key.split('.').pop() ?? '';
      const secondsLeft = Math.max(0, signed.expires - Math.floor(Date.now() / 1000));
      reply
        .header('content-type', MIME_BY_EXTENSION[extension] ?? 'application/octet-stream')
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .header('x-content-type-options', 'nosniff');
      if (signed.fileName) {
        reply.header('content-disposition', attachmentDisposition(signed.fileName));
      }
      return reply.send(body);
    });
  };
}

function readSignedRequest(request: FastifyRequest, operation: 'put' | 'get'): SignedRequest {
  const query = request.query as StorageQuery;
  const key = (request.params as { '*': string })['*'];
  if (query.op !== operation || !query.sig || !query.exp || !/^\d+$/.test(query.exp)) {
    throw new AppError('forbidden', 403, 'This link is not valid.');
  }
  return {
    key,
    operation,
    expires: Number(query.exp),
    contentType: query.ct,
    maxBytes: query.max ? Number(query.max) : undefined,
    fileName: query.dl,
    signature: query.sig,
  };
}

function refuseUnlessValid(
  storage: LocalPhotoStorage,
  signed: SignedRequest,
  what: 'upload' | 'photo',
): void {
  const problem = storage.verify(signed);
  if (problem === 'invalid') throw new AppError('forbidden', 403, `This ${what} link is not valid.`);
  if (problem === 'expired') {
    throw new AppError(
      'link_expired',
      403,
      what === 'upload'
        ? 'This upload link has expired. Start the upload again.'
        : 'This photo link has expired. Reload the page.',
    );
  }
}
