import { expect, it } from 'vitest';
import { createUser } from '../../testing';
import { useTestServer } from '../../testing/test-server-per-suite';
import { PaymentsRepository } from './payments.repository';

const server = useTestServer();

it('holds the account an event found until its transaction ends, so a second event reads what the first wrote', async () => {
  const seller = await createUser(server().baseUrl);
  const { db } = server().app;
  const { id: userId } = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', seller.email)
    .executeTakeFirstOrThrow();
  const subject = { userId, subscriptionId: null, customerId: null };
  const seen: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let firstFound = () => {};
  const found = new Promise<void>((resolve) => {
    firstFound = resolve;
  });

  const first = db.transaction().execute(async (trx) => {
    const payments = new PaymentsRepository(trx);
    await payments.findAccount(subject);
    firstFound();
    await held;
    await payments.updatePlan(userId, { status: 'active', updatedAt: '2026-03-01T00:00:00.000Z' });
  });
  await found;
  const second = db.transaction().execute(async (trx) => {
    const account = await new PaymentsRepository(trx).findAccount(subject);
    seen.push(account ? String(account.planStatus) : 'no account');
  });

  // On PostgreSQL the second waits for the row lock; on SQLite for the one connection. Either way, not yet.
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);
  } finally {
    release();
    await Promise.all([first, second]);
  }
  expect(seen).toEqual(['active']);
});
