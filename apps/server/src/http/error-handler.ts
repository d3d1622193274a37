// The one place a failure becomes an HTTP answer: `{ message, code, details? }` with a fitting status.
// Anything unexpected is logged with the request id and answered without internals.
import type { ErrorBody, ErrorCode, FieldIssue } from '@snaplist/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'malformed_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'malformed_json',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  FST_REQ_FILE_TOO_LARGE: { code: 'payload_too_large', message: 'The photo is too large: at most 20 MB.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the photo as multipart/form-data.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_request',
    message: 'The Content-Length header does not match the body.',
  },
};

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error, cause: error.cause }, 'request failed');
    if (error.headers) reply.headers(error.headers);
    return send(reply, error.status, { message: error.message, code: error.code, details: error.details });
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: FieldIssue[] = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const wholeBodyMissing = field === '' && issue.keyword === 'invalid_type';
      const message = wholeBodyMissing ? 'The request body must be a JSON object.' : issue.message;
      return { field, message: message ?? 'This value is not valid.' };
    });
    const message = details[0]?.message ?? 'The request is not valid.';
    return send(reply, 400, { message, code: 'validation_failed', details });
  }

  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  const status = error.statusCode ?? 500;
  if (known) return send(reply, status, known);
  if (error instanceof SyntaxError && status === 400) {
    return send(reply, 400, { code: 'malformed_json', message: 'The request body is not valid JSON.' });
  }
  if (status >= 400 && status < 500) {
    return send(reply, status, {
      code: status === 404 ? 'not_found' : 'bad_request',
      message: error.message,
    });
  }

  request.log.error({ err: error }, 'request failed');
  return send(reply, 500, {
    code: 'internal_error',
    message: 'Something went wrong on our side. Please try again.',
    requestId: request.id,
  });
}

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).type('application/json').send(body);
}
