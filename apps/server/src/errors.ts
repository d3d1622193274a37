// Services throw AppError; the one error handler (http/error-handler.ts) turns it into `{ message, code }`.
import { AuthMessages, type ErrorCode, type FieldIssue } from '@snaplist/contract';

export interface AppErrorExtras {
  details?: FieldIssue[];
  headers?: Record<string, string>;
  /** What went wrong underneath; logged for a 5xx, never sent. */
  cause?: unknown;
}

export class AppError extends Error {
  readonly details?: FieldIssue[];
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    extras: AppErrorExtras = {},
  ) {
    super(message, { cause: extras.cause });
    this.name = 'AppError';
    this.details = extras.details;
    this.headers = extras.headers;
  }
}

/** No session, or one that is forged, expired or logged out. */
export function unauthorized(): AppError {
  return new AppError('unauthorized', 401, AuthMessages.unauthorized);
}

/**
 * The reason inside an error, for start-up messages that name a backend: the first of an AggregateError
 * (a connection refused on every address), the message, or the system error code when the message is empty.
 */
export function errorReason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return errorReason(error.errors[0]);
  if (error instanceof Error) {
    if (error.message) return error.message;
    if ('code' in error && typeof error.code === 'string') return error.code;
  }
  return String(error);
}
