// Leaving on S3 settings (decision 043): the export reads the photos from the bucket, and the deletion leaves
// no object of the seller's in it, while another seller's objects stay.
import { routes } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import { createUser, expectOk, startS3Server } from '../../testing';
import { populateAccount, rowsMentioning } from '../../testing/account-data';
import { useForSuite, useTestServer } from '../../testing/test-server-per-suite';
import { unzip } from '../../testing/zip';

const s3 = useForSuite(startS3Server);
const server = useTestServer(() => ({ ...s3().env, PASSWORD_RESET_RATE_LIMIT_PER_IP: '1000' }));

describe('leaving with photos in an S3 bucket', () => {
  it('exports the photos from the bucket, then deletes every object of the seller’s and no other', async () => {
    const leaving = await createUser(server().baseUrl, { plan: 'pro_monthly' });
    const staying = await createUser(server().baseUrl, { plan: 'pro_monthly' });
    const account = await populateAccount(server(), leaving);
    const kept = await populateAccount(server(), staying);
    const inBucket = await s3().listKeys();
    // Photos, thumbnails, the photo uploaded alone and the original waiting under uploads/: all in the bucket.
    expect(inBucket).toEqual(expect.arrayContaining([...account.storageKeys, ...kept.storageKeys]));
    expect(account.storageKeys.some((key) => key.startsWith('uploads/'))).toBe(true);

    const exported = await server().call(routes.exportAccount, { token: leaving.token });
    expect(exported.status, exported.text).toBe(200);
    const entries = await unzip(exported.bytes);
    const photo = account.inventory.photos[0];
    const served = await fetch(photo?.url ?? '');
    expect(
      entries
        .get(`photos/${account.inventory.listingId}/1.jpg`)
        ?.equals(Buffer.from(await served.arrayBuffer())),
    ).toBe(true);

    expectOk(
      await server().call(routes.deleteAccount, {
        token: leaving.token,
        body: { confirmation: leaving.email, currentPassword: leaving.password },
      }),
    );

    const left = await s3().listKeys();
    expect(left.filter((key) => account.storageKeys.includes(key))).toEqual([]);
    expect(left).toEqual(expect.arrayContaining(kept.storageKeys));
    expect(await rowsMentioning(server().app.db, [account.userId, leaving.email])).toEqual([]);
    expect(await server().app.db.selectFrom('storage_deletions').selectAll().execute()).toEqual([]);
  });
});
