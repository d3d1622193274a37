// Services throw AppError; the one error handler (http/error-handler.ts) turns it into `{ message, code }`.
import type { ErrorCode, FieldIssue } from '@snaplist/contract';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly details?: FieldIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
