// @vitest-environment jsdom
// Background removal on /photo-upload (decision 046), with the remover faked: each photo's job
// waits until the test finishes it, fails it or reports progress.
import type { CreateGenerationRequest } from '@snaplist/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlertStore } from '@/stores/alert';
import { stubApi } from '@/testing/api-stub';
import { createGeneratedListing, createUser } from '@/testing/factories';
import { FakeRemoverModule } from '../fake-background-remover';
import { jpg, pickerInput, renderPage, setUpPhotoUploadTests, submitButton } from '../render-photo-upload';

const fake = vi.hoisted(() => ({ module: undefined as FakeRemoverModule | undefined }));

function removerModule(): FakeRemoverModule {
  if (!fake.module) throw new Error('The fake remover module is set in beforeEach');
  return fake.module;
}

vi.mock('@/lib/background-removal/load-remover', () => ({
  loadBackgroundRemover: () => removerModule().loadBackgroundRemover(),
  isBackgroundRemovalError: (error: unknown) => removerModule().isBackgroundRemovalError(error),
}));

const remover = () => removerModule().remover;
const removeBackgroundSwitch = () => screen.getByRole('switch', { name: 'Remove Background' });
const tile = (number: number) => {
  const item = screen.getByRole('button', { name: `Remove photo ${number}` }).closest('li');
  if (!item) throw new Error(`No tile for photo ${number}`);
  return within(item);
};

/** Turns the switch on and puts the instructions away, as a seller does. */
async function turnOn(user: UserEvent) {
  await user.click(removeBackgroundSwitch());
  await user.click(await screen.findByRole('button', { name: 'Got it' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** Renders the page, turns the switch on and chooses these photos; done once the remover works on the first. */
async function chooseWithRemoval(user: UserEvent, first: string, ...others: string[]) {
  renderPage();
  await turnOn(user);
  await user.upload(
    pickerInput(),
    [first, ...others].map((name) => jpg(name)),
  );
  await waitFor(() => expect(remover().isWorkingOn(first)).toBe(true));
}

/** Answers the generation calls and keeps what each upload sent, by the name of the file. */
function stubGenerationApi() {
  const uploaded: File[] = [];
  const api = stubApi(
    {
      authCheck: { user: createUser() },
      createGeneration: ({ body }) => ({
        id: 'gen-1',
        presignedUrls: body.listingData.photos.map(({ id }) => ({ id, url: `/api/storage/uploads/${id}` })),
        expiresAt: '2030-01-01T00:00:00.000Z',
      }),
      startGeneration: createGeneratedListing({ listingId: 'new-1' }),
    },
    {
      elsewhere: (url, init) => {
        if (!url.startsWith('/api/storage/')) return undefined;
        if (init?.body instanceof File) uploaded.push(init.body);
        return new Response(null, { status: 204 });
      },
    },
  );
  const created = (): CreateGenerationRequest => {
    const request = api.requestsTo('createGeneration')[0];
    if (!request) throw new Error('The generation was not created');
    return request.body;
  };
  const uploadedContents = () =>
    Promise.all(uploaded.map(async (file) => `${file.name}: ${await file.text()}`)).then((names) =>
      names.sort(),
    );
  return { api, created, uploadedContents };
}

setUpPhotoUploadTests();

beforeEach(() => {
  fake.module = new FakeRemoverModule();
  // The queue tells the console why the remover stopped; these tests check what the seller is told.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('PhotoUploadPage: the Remove Background switch', () => {
  it('is no longer coming soon: on, it shows the instructions and the colour, white by default', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.queryByText('Coming Soon')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Background colour' })).toBeNull();

    await user.click(removeBackgroundSwitch());
    const dialog = await screen.findByRole('dialog', { name: 'Remove Background' });
    expect(dialog.textContent).toContain('the subject must be fully visible and the only item in the shot');
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(removeBackgroundSwitch().getAttribute('aria-checked')).toBe('true');
    const colours = screen.getByRole('group', { name: 'Background colour' });
    expect(within(colours).getByRole('button', { name: 'White' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(colours).getByRole('button', { name: 'Black' }).getAttribute('aria-pressed')).toBe('false');
    expect((within(colours).getByLabelText('Other colour') as HTMLInputElement).value).toBe('#ffffff');
    // Nothing to clean yet, but the remover is ready (or says it cannot be).
    await waitFor(() => expect(removerModule().loads).toBe(1));
  });
});

describe('PhotoUploadPage: each photo loses its background as it is chosen', () => {
  it('shows its progress, then the cleaned photo with the original a press away, undo and redo', async () => {
    const user = userEvent.setup();
    await chooseWithRemoval(user, 'a.jpg', 'b.jpg');

    expect(tile(1).getByRole('progressbar', { name: 'Background removal, photo 1' })).toBeTruthy();
    expect(tile(1).getByText('Starting…')).toBeTruthy();
    expect(tile(2).getByText('Waiting…')).toBeTruthy();

    remover().progress('a.jpg', { stage: 'downloading', loaded: 44, total: 88 });
    expect(await tile(1).findByText('Downloading 50%')).toBeTruthy();
    expect(
      tile(1).getByRole('progressbar', { name: 'Background removal, photo 1' }).getAttribute('aria-valuenow'),
    ).toBe('50');
    expect(screen.getByText(/^First use: the background remover is downloading/)).toBeTruthy();
    remover().progress('a.jpg', { stage: 'removing' });
    expect(await tile(1).findByText('Removing background…')).toBeTruthy();

    remover().finish('a.jpg');
    expect(await tile(1).findByRole('img', { name: 'Photo 1: a.jpg, background removed' })).toBeTruthy();
    expect(screen.getByText('Backgrounds removed: 1 of 2')).toBeTruthy();
    await waitFor(() => expect(remover().isWorkingOn('b.jpg')).toBe(true));

    const compare = tile(1).getByRole('button', { name: 'Show the original of photo 1' });
    expect(compare.getAttribute('aria-pressed')).toBe('false');
    await user.click(compare);
    expect(compare.getAttribute('aria-pressed')).toBe('true');
    expect(tile(1).getByRole('img', { name: 'Photo 1: a.jpg' })).toBeTruthy();
    await user.click(compare);
    expect(tile(1).getByRole('img', { name: 'Photo 1: a.jpg, background removed' })).toBeTruthy();

    await user.click(tile(1).getByRole('button', { name: 'Undo background removal on photo 1' }));
    expect(tile(1).getByRole('img', { name: 'Photo 1: a.jpg' })).toBeTruthy();
    expect(screen.getByText('Backgrounds removed: 0 of 2')).toBeTruthy();
    await user.click(tile(1).getByRole('button', { name: 'Remove background from photo 1' }));
    expect(tile(1).getByRole('img', { name: 'Photo 1: a.jpg, background removed' })).toBeTruthy();
    // Redone from the kept result: the model ran once for each photo.
    expect(remover().removed).toEqual(['a.jpg', 'b.jpg']);
  });

  it('cleans the photos chosen before it was on, and abandons one the seller removes', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.upload(pickerInput(), [jpg('a.jpg'), jpg('b.jpg')]);
    expect(remover().removed).toEqual([]);

    await turnOn(user);
    await waitFor(() => expect(remover().isWorkingOn('a.jpg')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));

    await waitFor(() => expect(remover().isWorkingOn('b.jpg')).toBe(true));
    expect(remover().isWorkingOn('a.jpg')).toBe(false);
    expect(tile(1).getByText('Starting…')).toBeTruthy();
  });

  it('repaints the finished photos in a new colour without the model', async () => {
    const user = userEvent.setup();
    await chooseWithRemoval(user, 'a.jpg');
    remover().finish('a.jpg');
    const cleaned = await tile(1).findByRole('img', { name: 'Photo 1: a.jpg, background removed' });
    expect((cleaned as HTMLImageElement).style.backgroundColor).toBe('rgb(255, 255, 255)');

    await user.click(screen.getByRole('button', { name: 'Black' }));
    expect(screen.getByRole('button', { name: 'Black' }).getAttribute('aria-pressed')).toBe('true');
    expect((cleaned as HTMLImageElement).style.backgroundColor).toBe('rgb(0, 0, 0)');
    await waitFor(() => expect(remover().recoloured).toEqual(['a.jpg on #000000']));

    fireEvent.change(screen.getByLabelText('Other colour'), { target: { value: '#C0FFEE' } });
    await waitFor(() => expect(remover().recoloured).toEqual(['a.jpg on #000000', 'a.jpg on #c0ffee']));
    expect(screen.getByRole('button', { name: 'Black' }).getAttribute('aria-pressed')).toBe('false');
    expect(remover().removed).toEqual(['a.jpg']);
  });

  it('switched off, shows every photo as it is; on again, shows the cleaned ones at once', async () => {
    const user = userEvent.setup();
    await chooseWithRemoval(user, 'a.jpg');
    remover().finish('a.jpg');
    await tile(1).findByRole('img', { name: 'Photo 1: a.jpg, background removed' });

    await user.click(removeBackgroundSwitch());
    expect(tile(1).getByRole('img', { name: 'Photo 1: a.jpg' })).toBeTruthy();
    expect(tile(1).queryByRole('button', { name: /Undo/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Background colour' })).toBeNull();

    await turnOn(user);
    expect(tile(1).getByRole('img', { name: 'Photo 1: a.jpg, background removed' })).toBeTruthy();
    expect(remover().removed).toEqual(['a.jpg']);
  });
});

describe('PhotoUploadPage: when background removal fails', () => {
  it('says the remover could not load and why, keeps the page working, and retries', async () => {
    const user = userEvent.setup();
    removerModule().failLoadsWith = 'resource_not_found';
    renderPage();
    await turnOn(user);
    await user.upload(pickerInput(), [jpg('a.jpg')]);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The background remover could not load. Your photos will be uploaded as they are.',
    );
    expect(alert.textContent).toContain('A file it needs is missing on the server.');
    expect(tile(1).getByRole('img', { name: 'Photo 1: a.jpg' })).toBeTruthy();
    expect(tile(1).queryByRole('progressbar')).toBeNull();
    expect(submitButton().disabled).toBe(false);

    removerModule().failLoadsWith = undefined;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(remover().isWorkingOn('a.jpg')).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['device_too_weak', 'There is not enough memory for it.', true],
    ['unsupported_browser', 'This browser cannot run it.', false],
  ] as const)('says this device cannot remove backgrounds (%s)', async (code, detail, canRetry) => {
    const user = userEvent.setup();
    removerModule().failLoadsWith = code;
    renderPage();
    await turnOn(user);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      "This device can't remove backgrounds; your photos will be uploaded as they are.",
    );
    expect(alert.textContent).toContain(detail);
    expect(within(alert).queryByRole('button', { name: 'Retry' }) !== null).toBe(canRetry);
  });

  it('says so on the tile of a photo it cannot read, and goes on with the others', async () => {
    const user = userEvent.setup();
    await chooseWithRemoval(user, 'a.jpg', 'b.jpg');
    remover().fail('a.jpg', 'image_unreadable');

    expect(await tile(1).findByText("Can't read this photo: kept as it is")).toBeTruthy();
    await waitFor(() => expect(remover().isWorkingOn('b.jpg')).toBe(true));
    expect(tile(2).queryByText(/kept as it is/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('PhotoUploadPage: uploading with background removal', () => {
  it('uploads each cleaned photo, the undone one as it was, and says the background was removed', async () => {
    const user = userEvent.setup();
    const { api, created, uploadedContents } = stubGenerationApi();
    renderPage();
    await turnOn(user);
    await user.click(screen.getByRole('button', { name: 'Light grey' }));
    await user.upload(pickerInput(), [jpg('a.jpg'), jpg('b.jpg')]);
    await waitFor(() => expect(remover().isWorkingOn('a.jpg')).toBe(true));
    remover().finish('a.jpg');
    await waitFor(() => expect(remover().isWorkingOn('b.jpg')).toBe(true));
    remover().finish('b.jpg');
    await user.click(await tile(2).findByRole('button', { name: 'Undo background removal on photo 2' }));

    await user.click(submitButton());

    expect(await screen.findByText('listing page new-1')).toBeTruthy();
    expect(created().listingData.generationSettings).toMatchObject({
      removeBackground: true,
      removeBackgroundColor: '#eeeeee',
    });
    expect(created().listingData.photos.map((photo) => [photo.type, photo.extension])).toEqual([
      ['image/png', 'png'],
      ['image/jpeg', 'jpg'],
    ]);
    expect(await uploadedContents()).toEqual(['a.png: a.jpg on #eeeeee', 'b.jpg: \uFFFD\uFFFD\uFFFD']);
    expect(api.requestsTo('startGeneration')).toHaveLength(1);
  });

  it('says no background was removed when every photo went as it was', async () => {
    const user = userEvent.setup();
    const { created } = stubGenerationApi();
    await chooseWithRemoval(user, 'a.jpg');
    remover().finish('a.jpg');
    await user.click(await tile(1).findByRole('button', { name: 'Undo background removal on photo 1' }));

    await user.click(submitButton());

    expect(await screen.findByText('listing page new-1')).toBeTruthy();
    expect(created().listingData.generationSettings.removeBackground).toBe(false);
  });

  it('waits for a photo still being cleaned, showing which and how far, then uploads it cleaned', async () => {
    const user = userEvent.setup();
    const { api, uploadedContents } = stubGenerationApi();
    await chooseWithRemoval(user, 'a.jpg', 'b.jpg');
    remover().finish('a.jpg');
    await waitFor(() => expect(remover().isWorkingOn('b.jpg')).toBe(true));

    await user.click(submitButton());

    const overlay = await screen.findByRole('dialog');
    expect(within(overlay).getByRole('status').textContent).toBe('Removing background from image 2 of 2');
    expect(within(overlay).queryByText(/Processing image/)).toBeNull();
    remover().progress('b.jpg', { stage: 'removing' });
    expect(await within(overlay).findByText('Removing background…')).toBeTruthy();
    const overall = within(overlay).getByRole('progressbar', {
      name: 'Removing background from image 2 of 2',
    });
    expect(overall.getAttribute('aria-valuenow')).toBe('0');
    expect(api.requests).toEqual([]);

    remover().finish('b.jpg');

    expect(await screen.findByText('listing page new-1')).toBeTruthy();
    expect(await uploadedContents()).toEqual(['a.png: a.jpg on #ffffff', 'b.png: b.jpg on #ffffff']);
  });

  it('does not hold the upload when the remover fails while it waits: the photo goes as it was', async () => {
    const user = userEvent.setup();
    const { created, uploadedContents } = stubGenerationApi();
    await chooseWithRemoval(user, 'a.jpg');
    await user.click(submitButton());
    await screen.findByText('Removing background from image 1 of 1');

    remover().fail('a.jpg', 'session_failed');

    expect(await screen.findByText('listing page new-1')).toBeTruthy();
    expect(created().listingData.generationSettings.removeBackground).toBe(false);
    expect(await uploadedContents()).toEqual(['a.jpg: \uFFFD\uFFFD\uFFFD']);
    expect(useAlertStore.getState().queue).toEqual([]);
  });
});
