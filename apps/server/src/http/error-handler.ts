// The one place a failure becomes an HTTP answer: `{ message, code, details? }` with a fitting status.
// A database that is away is a 503 with Retry-After; anything else unexpected is logged with the request id
// and answered 500 without internals.
import { type ErrorBody, type ErrorCode, type FieldIssue, fieldIssue, isIssueCode } from '@snaplist/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { AppError } from '../errors';

interface KnownClientError {
  code: ErrorCode;
  message: string;
  /** When the framework's own status is wrong for our contract (406 for a body that is not multipart). */
  status?: number;
}

const TOO_MANY_PARTS: KnownClientError = {
  code: 'too_many_parts',
  message: 'The form has too many parts: send one photo in the field "photo" and nothing else.',
  status: 413,
};

/** Framework and parser errors by code, each answered with a fixed message that never echoes the request. */
const FASTIFY_CLIENT_ERRORS: Record<string, KnownClientError> = {
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
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_request',
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_BAD_URL: {
    code: 'bad_request',
    message: 'The address is not valid percent-encoding.',
    status: 400,
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'uri_too_long',
    message: 'A part of the address is too long: ids have at most 100 characters.',
    status: 414,
  },
  FST_REQ_FILE_TOO_LARGE: { code: 'payload_too_large', message: 'The photo is too large: at most 20 MB.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the photo as multipart/form-data.',
    status: 415,
  },
  FST_PARTS_LIMIT: TOO_MANY_PARTS,
  FST_FILES_LIMIT: TOO_MANY_PARTS,
  FST_FIELDS_LIMIT: TOO_MANY_PARTS,
  FST_PROTO_VIOLATION: {
    code: 'malformed_multipart',
    message: 'A form field has a name that is not allowed.',
    status: 400,
  },
  FST_INVALID_JSON_FIELD_ERROR: {
    code: 'malformed_multipart',
    message: 'A form field declared as JSON is not valid JSON.',
    status: 400,
  },
  FST_MP_PREMATURE_CLOSE: {
    code: 'malformed_multipart',
    message: 'The upload ended before the form was complete.',
    status: 400,
  },
};

/**
 * When to try again after the database was away: a restart or failover takes seconds, and a request that
 * waits for a connection gives up after 5 (db/database.ts).
 */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** C0 controls and DEL: never sent back, whatever a framework message quotes from the request. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error, cause: error.cause }, 'request failed');
    if (error.headers) reply.headers(error.headers);
    return send(reply, error.status, { message: error.message, code: error.code, details: error.details });
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue): FieldIssue => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const wholeBodyMissing = field === '' && issue.keyword === 'invalid_type';
      // The contract's schemas refuse with an issue code as the message; zod's own checks say English.
      if (wholeBodyMissing) return fieldIssue(field, 'body_not_object');
      return fieldIssue(field, isIssueCode(issue.message) ? issue.message : 'invalid_value');
    });
    const message = details[0]?.message ?? 'The request is not valid.';
    return send(reply, 400, { message, code: 'validation_failed', details });
  }

  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  const status = error.statusCode ?? 500;
  if (known) return send(reply, known.status ?? status, { code: known.code, message: known.message });
  if (error instanceof SyntaxError && status === 400) {
    return send(reply, 400, { code: 'malformed_json', message: 'The request body is not valid JSON.' });
  }
  if (status >= 400 && status < 500) {
    return send(reply, status, {
      code: status === 404 ? 'not_found' : 'bad_request',
      message: error.message.replace(CONTROL_CHARACTERS, ' '),
    });
  }

  if (isDatabaseUnavailable(error)) {
    // The database is away (an outage, a restart, a failover), not this request wrong: say when to come back.
    request.log.error({ err: error }, 'the database is unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return send(reply, 503, {
      code: 'not_ready',
      message: 'Snaplist is briefly unavailable. Please try again in a moment.',
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
