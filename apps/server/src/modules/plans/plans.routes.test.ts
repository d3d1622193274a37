import { PLAN_CATALOGUE, PlanMessages, routes } from '@snaplist/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activatePlan,
  createGeneration,
  createTestJpeg,
  createUser,
  expectOk,
  generateListing,
  listingInput,
  putPhoto,
  refreshUser,
  startGeneration,
  type TestServer,
  type TestUser,
  uploadTestPhoto,
} from '../../testing';
import { userIdOf } from '../../testing/account-data';
import { useTestServer } from '../../testing/test-server-per-suite';

let photo: Buffer;

beforeAll(async () => {
  photo = await createTestJpeg({ colour: '#7a2e2e' });
});

function ownerIdOf(server: TestServer, user: TestUser): Promise<string> {
  return userIdOf(server.app.db, user.email);
}

async function usageOf(server: TestServer, user: TestUser) {
  return (await refreshUser(server.baseUrl, user)).user;
}

/** A generation created and its photo uploaded, ready to start. */
async function uploadedGeneration(server: TestServer, user: TestUser): Promise<string> {
  const created = expectOk(await createGeneration(server, user.token, [{ bytes: photo }]));
  expect((await putPhoto(server, created.presignedUrls[0]?.url ?? '', { bytes: photo })).status).toBe(200);
  return created.id;
}

function start(server: TestServer, user: TestUser, generationId: string) {
  return startGeneration(server, user.token, generationId);
}

/** An inventory listing with one new photo, created through the API. */
async function createListing(server: TestServer, seller: TestUser) {
  const uploaded = await uploadTestPhoto(server.baseUrl, seller);
  return server.call(routes.createListing, {
    token: seller.token,
    body: listingInput({ photos: [uploaded.id] }),
  });
}

describe('with the default configuration', () => {
  const server = useTestServer({ SUPPORT_EMAIL: 'help@shop.example' });
  const db = () => server().app.db;

  it('publishes the catalogue, the free allowance and the support address without sign-in', async () => {
    const catalogue = expectOk(await server().call(routes.plans));
    expect(catalogue).toMatchObject({
      currency: 'USD',
      freeAiListings: 3,
      supportEmail: 'help@shop.example',
      provider: 'local',
    });
    const byTier = Object.fromEntries(catalogue.plans.map((plan) => [plan.tier, plan]));
    expect(byTier.pro).toEqual({ ...PLAN_CATALOGUE.pro, purchasable: true });
    expect(byTier.standard).toMatchObject({ monthlyPrice: 1299, aiListingsPerMonth: 5, purchasable: true });
    expect(byTier.ultra).toMatchObject({ monthlyPriceIds: [], yearlyPriceIds: [], purchasable: false });
  });

  it('gives a new seller 3 free AI listings, then refuses the next at creation with 402', async () => {
    const seller = await createUser(server().baseUrl);
    expect(seller.user).toMatchObject({ canGenerate: true, usage: { freeAiListingsLeft: 3 } });
    for (let made = 1; made <= 3; made++) {
      const response = await generateListing(server(), seller.token, [{ bytes: photo }]);
      expect(response.status, response.text).toBe(200);
      expect((await usageOf(server(), seller)).usage.freeAiListingsLeft).toBe(3 - made);
    }
    const after = await usageOf(server(), seller);
    expect(after.canGenerate).toBe(false);
    expect(after.usage).toMatchObject({ aiListingsUsed: 0, aiListingsLimit: null, freeAiListingsLeft: 0 });

    const refused = await createGeneration(server(), seller.token, [{ bytes: photo }]);
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ code: 'payment_required', message: PlanMessages.generationNotAllowed });
  });

  it('answers a finished generation asked again with its listing, without charging it again', async () => {
    const seller = await createUser(server().baseUrl);
    const generationId = await uploadedGeneration(server(), seller);
    const first = await start(server(), seller, generationId);
    expect(first.status, first.text).toBe(200);
    const again = await start(server(), seller, generationId);
    expect(again.status).toBe(200);
    expect(again.body.listingId).toBe(first.body.listingId);
    expect((await usageOf(server(), seller)).usage.freeAiListingsLeft).toBe(2);
  });

  it('does not charge again a generation whose charged attempt was interrupted', async () => {
    const seller = await createUser(server().baseUrl);
    const generationId = await uploadedGeneration(server(), seller);
    // What a restart leaves behind (generation.routes.test.ts shows the restart): charged, marked failed.
    const month = new Date().toISOString().slice(0, 7);
    await db()
      .updateTable('generations')
      .set({ status: 'failed', charged_to: 'free', charged_month: month })
      .where('id', '=', generationId)
      .execute();
    await db()
      .updateTable('users')
      .set({ free_ai_listings_used: 1 })
      .where('email', '=', seller.email)
      .execute();

    const retried = await start(server(), seller, generationId);
    expect(retried.status, retried.text).toBe(200);
    expect((await usageOf(server(), seller)).usage.freeAiListingsLeft).toBe(2);
  });

  it('counts free-access accounts but never stops them', async () => {
    const seller = await createUser(server().baseUrl);
    await db()
      .updateTable('users')
      .set({ free_access: 1, free_ai_listings_used: 3 })
      .where('email', '=', seller.email)
      .execute();
    for (let made = 1; made <= 2; made++) {
      const response = await generateListing(server(), seller.token, [{ bytes: photo }]);
      expect(response.status, response.text).toBe(200);
    }
    expect(await usageOf(server(), seller)).toMatchObject({
      freeAccess: true,
      canGenerate: true,
      usage: { aiListingsUsed: 2, aiListingsLimit: null, freeAiListingsLeft: 0 },
    });
  });

  it('uses the free allowance before the plan, then counts the plan month against its limit', async () => {
    const seller = await createUser(server().baseUrl, { plan: 'standard_monthly' });
    expect(seller.user.usage).toMatchObject({ aiListingsUsed: 0, aiListingsLimit: 5, freeAiListingsLeft: 3 });
    const ownerId = await ownerIdOf(server(), seller);
    await db().updateTable('users').set({ free_ai_listings_used: 3 }).where('id', '=', ownerId).execute();
    const month = new Date().toISOString().slice(0, 7);
    await db().insertInto('usage').values({ user_id: ownerId, month, ai_listings_used: 4 }).execute();

    const last = await generateListing(server(), seller.token, [{ bytes: photo }]);
    expect(last.status, last.text).toBe(200);
    expect(await usageOf(server(), seller)).toMatchObject({
      canGenerate: false,
      usage: { month, aiListingsUsed: 5, aiListingsLimit: 5 },
    });
    expect((await createGeneration(server(), seller.token, [{ bytes: photo }])).status).toBe(402);
  });

  describe('creating inventory listings (SPEC section 6)', () => {
    it('needs an active plan, even with free AI listings left', async () => {
      const seller = await createUser(server().baseUrl);
      const refused = await createListing(server(), seller);
      expect(refused.status).toBe(402);
      expect(refused.body).toEqual({ code: 'plan_required', message: PlanMessages.listingNotAllowed });
      expect(
        (await createListing(server(), await createUser(server().baseUrl, { plan: 'pro_yearly' }))).status,
      ).toBe(201);
    });

    it('lets a seller whose plan lapsed edit and delete what they have, but not create more', async () => {
      const seller = await createUser(server().baseUrl, { plan: 'standard_monthly' });
      const created = expectOk(await createListing(server(), seller));
      await db()
        .updateTable('users')
        .set({ plan_status: 'canceled' })
        .where('email', '=', seller.email)
        .execute();

      const edited = await server().call(routes.updateListing, {
        token: seller.token,
        params: { id: created.listingId },
        body: listingInput({ photos: created.photos.map((p) => p.id), title: 'Kept' }),
      });
      expect(edited.status, edited.text).toBe(200);
      expect((await createListing(server(), seller)).status).toBe(402);
      const deleted = await server().call(routes.deleteListing, {
        token: seller.token,
        params: { id: created.listingId },
      });
      expect(deleted.status).toBe(200);
    });
  });
});

describe('with the forced paywall on', () => {
  const server = useTestServer({ FORCE_PAYWALL: 'true' });
  const db = () => server().app.db;

  it('refuses listing creation even with an active plan, unless the account has free access', async () => {
    const paying = await createUser(server().baseUrl, { plan: 'pro_monthly' });
    const refused = await createListing(server(), paying);
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('plan_required');

    await db().updateTable('users').set({ free_access: 1 }).where('email', '=', paying.email).execute();
    expect((await createListing(server(), paying)).status).toBe(201);
  });

  it('still needs an active plan with free access: free access skips only the forced paywall', async () => {
    const seller = await createUser(server().baseUrl);
    await db().updateTable('users').set({ free_access: 1 }).where('email', '=', seller.email).execute();
    expect((await createListing(server(), seller)).status).toBe(402);
  });
});

describe('with one free AI listing and a clock the test moves', () => {
  let now = new Date();
  const server = useTestServer({ FREE_AI_LISTINGS: '1', TOKEN_TTL_DAYS: '90' }, { now: () => now });
  const db = () => server().app.db;

  it('honours FREE_AI_LISTINGS', async () => {
    const seller = await createUser(server().baseUrl);
    expect(seller.user.usage.freeAiListingsLeft).toBe(1);
  });

  it('gives one listing and one refusal when two generations start at once with one left', async () => {
    const seller = await createUser(server().baseUrl);
    const [first, second] = [
      await uploadedGeneration(server(), seller),
      await uploadedGeneration(server(), seller),
    ];
    const results = await Promise.all([start(server(), seller, first), start(server(), seller, second)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 402]);
    expect(results.find((result) => result.status === 402)?.body.code).toBe('payment_required');
    const listings = await db()
      .selectFrom('listings')
      .select('id')
      .where('owner_id', '=', await ownerIdOf(server(), seller))
      .execute();
    expect(listings).toHaveLength(1);
    expect((await usageOf(server(), seller)).canGenerate).toBe(false);

    // The refused one is untouched: once the seller has a plan, it goes through.
    const refusedId = results[0]?.status === 402 ? first : second;
    const paying = await activatePlan(server().baseUrl, seller, 'pro_monthly');
    expect((await start(server(), paying, refusedId)).status).toBe(200);
  });

  it('gives the unit back when a generation fails', async () => {
    const seller = await createUser(server().baseUrl);
    const notAnImage = { bytes: Buffer.from('GIF89a not a photo'), type: 'image/jpeg' as const };
    const failed = await generateListing(server(), seller.token, [notAnImage]);
    expect(failed.status).toBe(422);
    expect(await usageOf(server(), seller)).toMatchObject({
      canGenerate: true,
      usage: { freeAiListingsLeft: 1 },
    });
    const generation = await db()
      .selectFrom('generations')
      .select(['charged_to', 'charged_month'])
      .where('owner_id', '=', await ownerIdOf(server(), seller))
      .executeTakeFirstOrThrow();
    expect(generation).toEqual({ charged_to: null, charged_month: null });
    expect((await generateListing(server(), seller.token, [{ bytes: photo }])).status).toBe(200);
  });

  it('starts every calendar month (UTC) with the full plan allowance', async () => {
    now = new Date('2031-03-31T23:58:00.000Z');
    const seller = await createUser(server().baseUrl, { plan: 'standard_monthly' });
    const ownerId = await ownerIdOf(server(), seller);
    await db().updateTable('users').set({ free_ai_listings_used: 1 }).where('id', '=', ownerId).execute();
    await db()
      .insertInto('usage')
      .values({ user_id: ownerId, month: '2031-03', ai_listings_used: 5 })
      .execute();
    expect(await usageOf(server(), seller)).toMatchObject({
      canGenerate: false,
      usage: { month: '2031-03', aiListingsUsed: 5, aiListingsLimit: 5 },
    });
    expect((await createGeneration(server(), seller.token, [{ bytes: photo }])).status).toBe(402);

    now = new Date('2031-04-01T00:00:00.000Z');
    expect(await usageOf(server(), seller)).toMatchObject({
      canGenerate: true,
      usage: { month: '2031-04', aiListingsUsed: 0, aiListingsLimit: 5 },
    });
    const generated = await generateListing(server(), seller.token, [{ bytes: photo }]);
    expect(generated.status, generated.text).toBe(200);
    const months = await db()
      .selectFrom('usage')
      .select(['month', 'ai_listings_used'])
      .where('user_id', '=', ownerId)
      .orderBy('month')
      .execute();
    expect(months).toEqual([
      { month: '2031-03', ai_listings_used: 5 },
      { month: '2031-04', ai_listings_used: 1 },
    ]);
  });
});
