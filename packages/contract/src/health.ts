import { z } from 'zod';

export const LivenessSchema = z.object({ status: z.literal('ok') });

export const ReadinessSchema = z
  .object({
    status: z.enum(['ok', 'failing']),
    checks: z.record(
      z.string(),
      z.object({ ok: z.boolean(), adapter: z.string(), message: z.string().optional() }),
    ),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof ReadinessSchema>;
