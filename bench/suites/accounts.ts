// Accounts: log-in (argon2id-bound by design) and the auth check every page load makes.
import { createUser } from '@snaplist/server/testing';
import { printResults, runLoad } from '../load';
import { startBenchServer } from '../server-process';

export async function benchAccounts(durationSeconds: number): Promise<void> {
  const server = await startBenchServer(3901);
  try {
    const seller = await createUser(server.baseUrl);
    const json = { 'content-type': 'application/json' };
    const login = await runLoad({
      name: 'POST /api/user/login',
      url: server.baseUrl,
      connections: 8,
      durationSeconds,
      headers: json,
      requests: [
        {
          method: 'POST',
          path: '/api/user/login',
          body: JSON.stringify({ email: seller.email, password: seller.password }),
        },
      ],
    });
    const authCheck = await runLoad({
      name: 'POST /api/users/crosslister (auth check)',
      url: server.baseUrl,
      connections: 32,
      durationSeconds,
      headers: { ...json, authorization: `Bearer ${seller.token}` },
      requests: [
        { method: 'POST', path: '/api/users/crosslister', body: JSON.stringify({ product: 'crosslister' }) },
      ],
    });
    printResults('Accounts (one API process, SQLite)', [login, authCheck]);
    for (const result of [login, authCheck]) {
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${result.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    }
  } finally {
    await server.stop();
  }
}
