// A limiter's refusal as the API's answer: 429 with the seconds to wait in Retry-After.
import { AuthMessages } from '@snaplist/contract';
import { AppError } from '../../errors';
import type { RateLimitDecision } from './rate-limiter';

export async function enforceLimit(decision: Promise<RateLimitDecision>): Promise<void> {
  const { allowed, retryAfterSeconds } = await decision;
  if (!allowed) {
    throw new AppError('rate_limited', 429, AuthMessages.rateLimited, {
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
}
