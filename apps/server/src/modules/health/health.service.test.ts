import { describe, expect, it } from 'vitest';
import { HealthService } from './health.service';

describe('HealthService', () => {
  it('reports failing, with the reason, when one backend does not answer', async () => {
    const health = new HealthService([
      { name: 'database', adapter: 'sqlite', ping: async () => {} },
      { name: 'storage', adapter: 'local', ping: async () => Promise.reject(new Error('disk not mounted')) },
    ]);
    expect(await health.readiness()).toEqual({
      status: 'failing',
      checks: {
        database: { ok: true, adapter: 'sqlite' },
        storage: { ok: false, adapter: 'local', message: 'disk not mounted' },
      },
    });
  });
});
