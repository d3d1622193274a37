// HTTP side of the embedded storage adapter: the signed PUT the browser uploads to, and the signed GET that
// serves photos. The signature authorises the request, as an S3 presigned URL would; no bearer token.
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '@snaplist/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors';
import { applyTextRule, errorBodiesFor } from '../../http/route';
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

/**
 * Whether the upload at a key is still wanted: `open` while its generation waits for photos, `processing` while
 * it is being written, `closed` once it was written or deleted (a file put then would be referenced by nothing).
 */
export type UploadState = 'open' | 'processing' | 'closed';

/** `uploadState` is left out only where the adapter is tested alone, without a database. */
export function localStorageRoutes(
  storage: LocalPhotoStorage,
  uploadState?: (key: string) => Promise<UploadState>,
) {
  return async (app: FastifyInstance): Promise<void> => {
    // Uploads are raw bytes of any declared type; the handler compares it with the signed one.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) =>
      done(null, body),
    );

    // Every status each route answers, so the OpenAPI document lists them (decision 019): a link that is not
    // valid or has expired is 403, an over-long key 414, and the text rule's 400 comes before the signature.
    const uploadSchema = {
      summary: 'Upload one photo to a signed link from POST /listing (local storage only)',
      tags: ['storage'],
      response: {
        200: z.void().meta({ description: 'Stored; the body is empty' }),
        // 409 while its generation is being written, 410 once it was written or removed (decision 020).
        ...errorBodiesFor([400, 403, 409, 410, 413, 414, 415, 500, 503]),
      },
    };
    // The schemas describe the answers for the OpenAPI document; the bodies sent are bytes or our `Error`,
    // written as plain JSON, so no serializer is compiled from them (this plugin also runs in bare apps).
    const serializerCompiler = () => (data: unknown) => JSON.stringify(data);
    const photoSchema = {
      summary: 'A stored photo, through a signed link (local storage only)',
      tags: ['storage'],
      response: {
        200: { content: Object.fromEntries(PHOTO_TYPES.map((type) => [type, { schema: z.string() }])) },
        ...errorBodiesFor([400, 403, 404, 414, 500, 503]),
      },
    };

    app.put(
      `${LOCAL_STORAGE_ROUTE}/*`,
      {
        bodyLimit: MAX_PHOTO_BYTES,
        schema: uploadSchema,
        serializerCompiler,
        preValidation: applyTextRule({ body: false }),
      },
      async (request, reply) => {
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
        const state = (await uploadState?.(signed.key)) ?? 'open';
        if (state === 'processing') {
          throw new AppError(
            'upload_closed',
            409,
            'This listing is already being written from the photos uploaded so far; this photo was not added.',
          );
        }
        if (state === 'closed') {
          throw new AppError(
            'upload_closed',
            410,
            'This upload link is no longer in use: its listing was already written or removed. Start again from the photos.',
          );
        }
        await storage.put(signed.key, body);
        return reply.status(200).send();
      },
    );

    app.get(
      `${LOCAL_STORAGE_ROUTE}/*`,
      { schema: photoSchema, serializerCompiler, preValidation: applyTextRule({ body: false }) },
      async (request, reply) => {
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
      },
    );
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
