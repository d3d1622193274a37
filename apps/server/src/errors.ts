// Services throw AppError; the one error handler (http/error-handler.ts) turns it into `{ message, code }`.
import type { ErrorCode, FieldIssue } from '@snaplist/contract';

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
