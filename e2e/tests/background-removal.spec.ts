// Background removal on the seller's device (decisions 045 and 046), with the real model in Chromium
// (WebAssembly, no GPU): a seller cleans two photos of a t-shirt, undoes one, and the listing keeps one photo
// on white and one as it was taken; when the model cannot load, the page says why in the seller's language
// and the photos go as they are.
import type { Page } from '@playwright/test';
import {
  type DecodedPhoto,
  decodePhoto,
  type FlatLayPhoto,
  flatLayPhoto,
  maskAgreement,
  type TestUser,
} from '@snaplist/server/testing';
import { expect, shotPath, test } from '../fixtures';

/**
 * The model's first load (about 88 MB from the local server) and its start, then 10 to 20 s a photo; these
 * journeys run alone after the others (playwright.config.ts), so the model has a core to itself.
 */
const TWO_PHOTOS_CLEANED_MS = 120_000;
const WHITE = [255, 255, 255] as const;

const WORDS = {
  en: {
    removeBackground: 'Remove Background',
    instructions: 'the only item in the shot',
    gotIt: 'Got it',
    uploadPhotos: 'Upload Photos',
    selectedPhotos: 'Selected photos',
    uploadAndGenerate: 'Upload & Generate',
    loadFailed: 'The background remover could not load. Your photos will be uploaded as they are.',
    metadataMissing: 'This server does not offer the files it needs.',
    retry: 'Retry',
  },
  pl: {
    removeBackground: 'Usuń tło',
    instructions: 'jedyny na zdjęciu',
    gotIt: 'Rozumiem',
    uploadPhotos: 'Prześlij zdjęcia',
    selectedPhotos: 'Wybrane zdjęcia',
    uploadAndGenerate: 'Prześlij i wygeneruj',
    loadFailed: 'Nie udało się wczytać narzędzia do usuwania tła. Twoje zdjęcia zostaną przesłane bez zmian.',
    metadataMissing: 'Ten serwer nie udostępnia potrzebnych plików.',
    retry: 'Spróbuj ponownie',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

function asFile(photo: FlatLayPhoto, name: string) {
  return { name, mimeType: 'image/jpeg', buffer: photo.jpeg };
}

/** Turns the switch on and reads the instructions it opens. */
async function turnOnBackgroundRemoval(page: Page, words: Words) {
  await page.getByRole('switch', { name: words.removeBackground }).click();
  const instructions = page.getByRole('dialog', { name: words.removeBackground });
  await expect(instructions).toContainText(words.instructions);
  await instructions.getByRole('button', { name: words.gotIt }).click();
  await expect(instructions).toBeHidden();
}

/** The listing's colours, and its photos as the server stored them, in order. */
async function storedListing(page: Page, seller: TestUser, listingId: string) {
  const response = await page.request.get(`/api/listings/${listingId}`, {
    headers: { authorization: `Bearer ${seller.token}` },
  });
  expect(response.ok()).toBe(true);
  const listing = (await response.json()) as { photos: { url: string }[]; colours: string[] };
  const photos = await Promise.all(
    listing.photos.map(async ({ url }) => {
      const photo = await page.request.get(url);
      expect(photo.ok()).toBe(true);
      return decodePhoto(await photo.body());
    }),
  );
  return { photos, colours: listing.colours };
}

function pixelAt(photo: DecodedPhoto, x: number, y: number): number[] {
  const offset = (y * photo.width + x) * photo.channels;
  return [...photo.pixels.subarray(offset, offset + 3)];
}

function cornersOf(photo: DecodedPhoto): number[][] {
  const right = photo.width - 1;
  const bottom = photo.height - 1;
  return [
    pixelAt(photo, 0, 0),
    pixelAt(photo, right, 0),
    pixelAt(photo, 0, bottom),
    pixelAt(photo, right, bottom),
  ];
}

function expectNear(actual: number[], expected: readonly number[], tolerance: number, what: string) {
  const furthest = Math.max(
    ...expected.map((value, channel) => Math.abs((actual[channel] ?? -1000) - value)),
  );
  expect(furthest, `${what}: ${actual.join(',')} against ${expected.join(',')}`).toBeLessThanOrEqual(
    tolerance,
  );
}

function agreementWith(photo: DecodedPhoto, flatLay: FlatLayPhoto) {
  return maskAgreement(photo.pixels, photo.channels, photo.width, photo.height, flatLay.mask, WHITE, {
    band: 4,
  });
}

test('a seller removes the background of two photos, undoes one, and the listing keeps one clean and one as taken', async ({
  signedInPage: page,
  seller,
}) => {
  test.setTimeout(180_000);
  const [front, second] = await Promise.all([
    flatLayPhoto({ garment: 't-shirt', seed: 'journey-front' }),
    flatLayPhoto({ garment: 't-shirt', seed: 'journey-second', rotationDegrees: 5 }),
  ]);
  await page.goto('/photo-upload');
  await turnOnBackgroundRemoval(page, WORDS.en);
  await expect(
    page.getByRole('group', { name: 'Background colour' }).getByRole('button', { name: 'White' }),
  ).toHaveAttribute('aria-pressed', 'true');

  await page
    .getByLabel('Upload Photos')
    .setInputFiles([asFile(front, 'front.jpg'), asFile(second, 'second.jpg')]);
  const tiles = page.getByRole('list', { name: 'Selected photos' });
  await expect(tiles.getByRole('progressbar', { name: 'Background removal, photo 1' })).toBeVisible();
  const cleaned = tiles.getByRole('img', { name: /, background removed$/ });
  await expect(cleaned).toHaveCount(2, { timeout: TWO_PHOTOS_CLEANED_MS });
  await expect(tiles.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText('Backgrounds removed: 2 of 2')).toBeVisible();
  await page.screenshot({ path: shotPath('background-removal-two-cleaned'), fullPage: true });

  const compare = tiles.getByRole('button', { name: 'Show the original of photo 1' });
  await compare.click();
  await expect(compare).toHaveAttribute('aria-pressed', 'true');
  await expect(tiles.getByRole('img', { name: 'Photo 1: front.jpg' })).toBeVisible();
  await compare.click();
  await expect(compare).toHaveAttribute('aria-pressed', 'false');

  await tiles.getByRole('button', { name: 'Undo background removal on photo 2' }).click();
  await expect(tiles.getByRole('img', { name: 'Photo 2: second.jpg' })).toBeVisible();
  await expect(cleaned).toHaveCount(1);
  await expect(page.getByText('Backgrounds removed: 1 of 2')).toBeVisible();

  // The bodies of the uploads, as the browser sends them to the signed storage URLs (only a routed request
  // keeps a File body for the test to read).
  const sent: Buffer[] = [];
  await page.route('**/api/storage/**', async (route) => {
    const body = route.request().method() === 'PUT' ? route.request().postDataBuffer() : null;
    if (body) sent.push(body);
    await route.continue();
  });
  const creation = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/listing',
  );
  await page.getByRole('button', { name: 'Upload & Generate' }).click();
  expect((await creation).postDataJSON()).toMatchObject({
    listingData: { generationSettings: { removeBackground: true, removeBackgroundColor: '#ffffff' } },
  });
  await expect(page).toHaveURL(/\/dashboard\/listings\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const listingId = new URL(page.url()).pathname.split('/').at(-1) as string;

  // What the browser sent: the undone photo byte for byte, and a cleaned one without any transparency left
  // (the server flattens uploads on white, which would hide it in the stored photo).
  expect(sent).toHaveLength(2);
  expect(sent.filter((body) => Buffer.compare(body, second.jpeg) === 0)).toHaveLength(1);
  const sentCleaned = sent.find((body) => Buffer.compare(body, second.jpeg) !== 0);
  if (!sentCleaned) throw new Error('the cleaned photo was not sent');
  const sentPhoto = await decodePhoto(sentCleaned);
  expect([sentPhoto.width, sentPhoto.height]).toEqual([front.width, front.height]);
  expect(agreementWith(sentPhoto, front).transparentPixels).toBe(0);

  const stored = await storedListing(page, seller, listingId);
  const [clean, asTaken] = stored.photos;
  if (!clean || !asTaken) throw new Error(`the listing has ${stored.photos.length} photos`);
  expect([clean.width, clean.height]).toEqual([front.width, front.height]);
  for (const [index, corner] of cornersOf(clean).entries()) expectNear(corner, WHITE, 3, `corner ${index}`);
  expectNear(pixelAt(clean, clean.width / 2, clean.height / 2), front.itemColour, 30, 'centre');
  const agreement = agreementWith(clean, front);
  expect(agreement.transparentPixels).toBe(0);
  expect(agreement.iou).toBeGreaterThanOrEqual(0.97);
  expect(agreement.outsideBackgroundShare).toBeGreaterThanOrEqual(0.99);
  expect(agreement.insideItemShare).toBeGreaterThanOrEqual(0.99);
  // The undone photo kept its wooden floor.
  for (const [index, corner] of cornersOf(asTaken).entries())
    expect(Math.min(...corner), `corner ${index}: ${corner.join(',')}`).toBeLessThan(200);

  // The listing reads the item's colour, not the white that replaced the floor.
  expect(stored.colours).toContain('Red');
  expect(stored.colours).not.toContain('White');
  await page.screenshot({ path: shotPath('background-removal-listing'), fullPage: true });
});

for (const language of ['en', 'pl'] as const) {
  test(`when the model cannot load, the page says why and the photos go as they are (${language})`, async ({
    signedInPage: page,
  }) => {
    test.setTimeout(90_000);
    const words = WORDS[language];
    await page.addInitScript((code) => window.localStorage.setItem('language', code), language);
    const resources = '**/background-removal/resources.json';
    await page.route(resources, (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not Found"}' }),
    );
    await page.goto('/photo-upload');
    await turnOnBackgroundRemoval(page, words);
    const photo = await flatLayPhoto({ seed: `unloadable-${language}` });
    await page.getByLabel(words.uploadPhotos).setInputFiles([asFile(photo, 'shirt.jpg')]);

    const failure = page.getByRole('alert').filter({ hasText: words.loadFailed });
    await expect(failure).toBeVisible({ timeout: 30_000 });
    await expect(failure).toContainText(words.metadataMissing);
    const tiles = page.getByRole('list', { name: words.selectedPhotos });
    await expect(tiles.getByRole('img', { name: /shirt\.jpg/ })).toBeVisible();
    await expect(tiles.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('button', { name: words.uploadAndGenerate })).toBeEnabled();
    await page.screenshot({ path: shotPath(`background-removal-unloadable-${language}`), fullPage: true });

    await page.unroute(resources);
    await failure.getByRole('button', { name: words.retry }).click();
    await expect(failure).toBeHidden();
    await expect(tiles.getByRole('progressbar')).toBeVisible({ timeout: 30_000 });
  });
}
