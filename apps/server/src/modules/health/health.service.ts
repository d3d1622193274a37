// Liveness says the process answers; readiness says every backend it depends on answers too.
import type { Readiness } from '@snaplist/contract';

export interface BackendCheck {
  name: string;
  adapter: string;
  /** Said alongside a passing check: how the backend is set up, where that matters to an operator. */
  note?: string;
  ping(): Promise<void>;
}

export class HealthService {
  constructor(private readonly backends: BackendCheck[]) {}

  async readiness(): Promise<Readiness> {
    const results = await Promise.all(
      this.backends.map(async (backend) => {
        try {
          await backend.ping();
          const note = backend.note === undefined ? {} : { message: backend.note };
          return [backend.name, { ok: true, adapter: backend.adapter, ...note }] as const;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          return [backend.name, { ok: false, adapter: backend.adapter, message }] as const;
        }
      }),
    );
    const ok = results.every(([, check]) => check.ok);
    return { status: ok ? 'ok' : 'failing', checks: Object.fromEntries(results) };
  }
}
