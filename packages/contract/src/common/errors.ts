// The one error shape every API failure has: a closed `code` the web app translates (`errors.<code>`), an
// English `message` for people reading the API, and for a refused field, its issue codes (decision 024).
import { z } from 'zod';
import { ACCOUNT_LINK_ERROR_CODES, MAX_PHOTO_BYTES } from '../constants';
import { ISSUE_PARAMS, type IssueCode, IssueCodes, type IssueParams, issueMessage } from './issues';

export const ErrorCodes = [
  'validation_failed',
  'malformed_json',
  'malformed_multipart',
  'too_many_parts',
  'uri_too_long',
  'unauthorized',
  'invalid_credentials',
  'email_taken',
  'rate_limited',
  'not_found',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
  'not_ready',
  'bad_request',
  'forbidden',
  'link_expired',
  'photo_missing',
  'photo_unreadable',
  'photo_too_large',
  'generation_busy',
  'generation_failed',
  'payment_required',
  'plan_required',
  'already_on_plan',
  'checkout_failed',
  'invalid_signature',
  'suggestion_answered',
  'too_many_pending_uploads',
  'pending_uploads_too_large',
  'upload_closed',
  'marketplace_unavailable',
  'marketplace_not_connected',
  'marketplace_connection_failed',
  'marketplace_reconnect_needed',
  'marketplace_rejected',
  'marketplace_unreachable',
  'marketplace_rate_limited',
  'listing_incomplete',
  ...ACCOUNT_LINK_ERROR_CODES,
  'wrong_password',
  'confirmation_mismatch',
  'reauthentication_required',
] as const;
export const ErrorCodeSchema = z.enum(ErrorCodes).meta({ id: 'ErrorCode' });
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ErrorCodes as readonly string[]).includes(value);
}

/** The fixed limits an error's translated text names. */
export const ERROR_PARAMS: Partial<Record<ErrorCode, Record<string, number | string>>> = {
  payload_too_large: { megabytes: MAX_PHOTO_BYTES / 1024 / 1024 },
  photo_too_large: { megabytes: MAX_PHOTO_BYTES / 1024 / 1024 },
};

export const IssueCodeSchema = z.enum(IssueCodes).meta({ id: 'IssueCode' });

export const FieldIssueSchema = z.object({
  field: z.string().meta({ description: 'Dotted path of the offending field, empty for the whole body' }),
  code: IssueCodeSchema,
  message: z.string().meta({ description: 'The issue in English, for people; clients translate `code`' }),
  params: z
    .record(z.string(), z.union([z.number(), z.string()]))
    .optional()
    .meta({ description: 'Values the message names (limits), by placeholder name' }),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** One refused field as the API reports it: the code, its English sentence, and the values it names. */
export function fieldIssue(field: string, code: IssueCode, params?: IssueParams): FieldIssue {
  const values = { ...ISSUE_PARAMS[code], ...params };
  const issue: FieldIssue = { field, code, message: issueMessage(code, values) };
  return Object.keys(values).length > 0 ? { ...issue, params: values } : issue;
}

export const ErrorBodySchema = z
  .object({
    message: z.string().meta({ description: 'In English, for people; clients translate `code`' }),
    code: ErrorCodeSchema,
    details: z.array(FieldIssueSchema).optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
