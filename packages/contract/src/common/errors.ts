// The one error shape every API failure has; the web client throws `message` (SPEC section 8).
import { z } from 'zod';

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
] as const;
export const ErrorCodeSchema = z.enum(ErrorCodes);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const FieldIssueSchema = z.object({
  field: z.string().meta({ description: 'Dotted path of the offending field, empty for the whole body' }),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

export const ErrorBodySchema = z
  .object({
    message: z.string(),
    code: z.string(),
    details: z.array(FieldIssueSchema).optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
