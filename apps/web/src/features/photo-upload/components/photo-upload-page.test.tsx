// @vitest-environment jsdom
import { MAX_PHOTOS } from '@snaplist/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useActiveListingStore } from '@/stores/active-listing';
import { useAlertStore } from '@/stores/alert';
import { useAuthStore } from '@/stores/auth';
import { initialPaywallState, usePaywallStore } from '@/stores/paywall';
import { type ApiHandlers, apiError, stubApi } from '@/testing/api-stub';
import { createGeneratedListing, createUsage, createUser } from '@/testing/factories';
import { jpg, pickerInput, renderPage, setUpPhotoUploadTests, submitButton } from '../render-photo-upload';

/** Answers the generation calls; `put` decides each upload's answer. */
function stubGenerationApi(
  options: {
    presignedIds?: (ids: string[]) => string[];
    put?: () => Response;
    /** Answers creating or starting the generation instead of the usual success. */
    override?: Pick<ApiHandlers, 'createGeneration' | 'startGeneration'>;
  } = {},
) {
  return stubApi(
    {
      authCheck: { user: createUser() },
      createGeneration: ({ body }) => {
        const ids = body.listingData.photos.map((photo) => photo.id);
        const presigned = options.presignedIds ? options.presignedIds(ids) : ids;
        return {
          id: 'gen-1',
          presignedUrls: presigned.map((id) => ({ id, url: `/api/storage/uploads/${id}` })),
          expiresAt: '2030-01-01T00:00:00.000Z',
        };
      },
      startGeneration: createGeneratedListing({ listingId: 'new-1' }),
      ...options.override,
    },
    {
      elsewhere: (url) => {
        if (!url.startsWith('/api/storage/')) return undefined;
        return options.put ? options.put() : new Response(null, { status: 204 });
      },
    },
  );
}

/** A visitor, signed out, chooses a photo and presses the button; the generation calls answer as usual. */
async function submitAsVisitor() {
  const user = userEvent.setup();
  useAuthStore.setState({ user: null, isAuthenticated: false, token: null });
  const api = stubGenerationApi();
  renderPage();
  await user.upload(pickerInput(), [jpg('a.jpg')]);
  await user.click(submitButton());
  return api;
}

setUpPhotoUploadTests();

beforeEach(() => {
  usePaywallStore.setState(initialPaywallState);
});

describe('PhotoUploadPage: choosing photos', () => {
  it('counts the photos against the maximum, previews them and removes one', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByText(`0 / ${MAX_PHOTOS}`)).toBeTruthy();
    expect(submitButton().disabled).toBe(true);

    await user.upload(pickerInput(), [jpg('a.jpg'), jpg('b.jpg'), jpg('c.jpg')]);

    expect(screen.getByText(`3 / ${MAX_PHOTOS}`)).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(3);
    expect(submitButton().disabled).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.getByText(`2 / ${MAX_PHOTOS}`)).toBeTruthy();
    expect(URL.revokeObjectURL).toHaveBeenCalled();
  });

  it('alerts at the limit and drops the files beyond it', async () => {
    const user = userEvent.setup();
    renderPage();
    const files = Array.from({ length: MAX_PHOTOS + 2 }, (_, index) => jpg(`p${index}.jpg`));
    await user.upload(pickerInput(), files);

    expect(screen.getByText(`${MAX_PHOTOS} / ${MAX_PHOTOS}`)).toBeTruthy();
    expect(useAlertStore.getState().queue).toEqual(['Maximum 24 images allowed']);
  });

  it('rejects files that are not JPG, PNG or WebP, naming them (also when dropped on the page)', async () => {
    renderPage();
    const gif = new File(['GIF89a'], 'party.gif', { type: 'image/gif' });
    fireEvent.drop(window, { dataTransfer: { types: ['Files'], files: [gif, jpg('ok.jpg')] } });

    await screen.findByText(`1 / ${MAX_PHOTOS}`);
    expect(useAlertStore.getState().queue).toEqual([
      '“party.gif” is not a JPG, PNG or WebP image, so it was not added.',
    ]);
  });
});

describe('PhotoUploadPage: the upload flow', () => {
  it('creates the generation, uploads each photo, starts it and opens the listing', async () => {
    const user = userEvent.setup();
    const api = stubGenerationApi();
    const router = renderPage();
    await user.upload(pickerInput(), [jpg('front.jpg'), jpg('label.jpg')]);

    await user.click(submitButton());

    expect(await screen.findByText('listing page new-1')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/listings/new-1');
    expect(api.requests.map((request) => request.route)).toEqual([
      'createGeneration',
      null,
      null,
      'startGeneration',
      // The user is asked for again: the listing used one of the AI listings the gate counts.
      'authCheck',
    ]);
    const uploads = api.requests.slice(1, 3);
    expect(
      uploads.every(({ method, url }) => method === 'PUT' && url.startsWith('/api/storage/uploads/')),
    ).toBe(true);
    expect(useActiveListingStore.getState().data?.listingId).toBe('new-1');
    expect(useAlertStore.getState().queue).toEqual([]);
  });

  it('shows the progress overlay with the photo count while it works', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    stubGenerationApi({ override: { startGeneration: () => pending } });
    renderPage();
    await user.upload(pickerInput(), [jpg('a.jpg'), jpg('b.jpg')]);
    await user.click(submitButton());

    const overlay = await screen.findByRole('dialog');
    expect(overlay.textContent).toContain('Processing image 1 of 2');
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    answer(Response.json(createGeneratedListing({ listingId: 'slow-1' })));
    expect(await screen.findByText('listing page slow-1')).toBeTruthy();
  });

  it('does nothing but alert when every generation option is off', async () => {
    const user = userEvent.setup();
    const api = stubGenerationApi();
    renderPage();
    await user.upload(pickerInput(), [jpg('a.jpg')]);
    for (const name of ['Description', 'Tags', 'Title', 'Suggested Price']) {
      await user.click(screen.getByRole('switch', { name }));
    }
    await user.click(submitButton());

    expect(useAlertStore.getState().queue).toEqual([
      'Please enable at least one generation option (description, tags, title, or suggested price)',
    ]);
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('opens the paywall for a user who may not generate', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ user: createUser({ canGenerate: false, freeAccess: false }) });
    const api = stubGenerationApi();
    renderPage();
    await user.upload(pickerInput(), [jpg('a.jpg')]);
    await user.click(submitButton());

    expect(usePaywallStore.getState()).toMatchObject({ showPaywallModal: true, context: 'generateListing' });
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('asks a visitor to sign in, then carries on by itself', async () => {
    const api = await submitAsVisitor();

    expect(useAuthStore.getState().authModal).toEqual({ isOpen: true, context: 'photo-upload' });
    expect(api.requests).toEqual([]);

    // What the auth modal does on success: store the user, then close.
    useAuthStore.getState().setUser(createUser());
    useAuthStore.getState().closeAuthModal();

    expect(await screen.findByText('listing page new-1')).toBeTruthy();
    expect(api.requests[0]?.route).toBe('createGeneration');
  });

  it('stops and resets when the visitor closes the sign-in without signing in', async () => {
    const api = await submitAsVisitor();
    useAuthStore.getState().closeAuthModal();

    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it("alerts 'Upload failed: Failed to upload image: …' when a photo is refused", async () => {
    const user = userEvent.setup();
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const api = stubGenerationApi({
      put: () => new Response('', { status: 403, statusText: 'Forbidden' }),
    });
    renderPage();
    await user.upload(pickerInput(), [jpg('a.jpg')]);
    await user.click(submitButton());

    await waitFor(() =>
      expect(useAlertStore.getState().queue).toEqual(['Upload failed: Failed to upload image: Forbidden']),
    );
    expect(api.requestsTo('startGeneration')).toEqual([]);
    expect(logged).toHaveBeenCalled();
    expect(submitButton().disabled).toBe(false);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("alerts 'Upload failed: No matching file for ID' when the server names an unknown photo", async () => {
    const user = userEvent.setup();
    vi.mocked(console.error).mockImplementation(() => {});
    const api = stubGenerationApi({ presignedIds: (ids) => [...ids, 'someone-else'] });
    renderPage();
    await user.upload(pickerInput(), [jpg('a.jpg')]);
    await user.click(submitButton());

    await waitFor(() =>
      expect(useAlertStore.getState().queue).toEqual(['Upload failed: No matching file for ID']),
    );
    expect(api.requests.map((request) => request.route)).toEqual(['createGeneration']);
  });

  it('stays silent on an unauthorized answer and asks the seller to sign in again', async () => {
    const user = userEvent.setup();
    vi.mocked(console.error).mockImplementation(() => {});
    stubApi({
      createGeneration: () =>
        apiError(401, { message: 'Unauthorized: please log in again.', code: 'unauthorized' }),
    });
    renderPage();
    await user.upload(pickerInput(), [jpg('a.jpg')]);
    await user.click(submitButton());

    await waitFor(() =>
      expect(useAuthStore.getState().authModal).toEqual({ isOpen: true, context: 'photo-upload' }),
    );
    expect(useAlertStore.getState().queue).toEqual([]);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
  it.each([
    ['creating the generation', 'createGeneration'],
    ['starting it', 'startGeneration'],
  ] as const)(
    'opens the paywall, not an upload alert, when the server refuses %s with 402',
    async (_, route) => {
      const user = userEvent.setup();
      const refuse = () =>
        apiError(402, { message: 'You have used all your AI listings for now.', code: 'payment_required' });
      const api = stubGenerationApi({
        override: route === 'createGeneration' ? { createGeneration: refuse } : { startGeneration: refuse },
      });
      renderPage();
      await user.upload(pickerInput(), [jpg('a.jpg')]);
      await user.click(submitButton());

      await waitFor(() =>
        expect(usePaywallStore.getState()).toMatchObject({
          showPaywallModal: true,
          context: 'generateListing',
        }),
      );
      expect(useAlertStore.getState().queue).toEqual([]);
      await waitFor(() => expect(submitButton().disabled).toBe(false));
      expect(screen.queryByRole('progressbar')).toBeNull();
      // The count the gate reads is stale: the user is asked for again.
      await waitFor(() => expect(api.requestsTo('authCheck')).not.toEqual([]));
      if (route === 'createGeneration')
        expect(api.requests.some((request) => request.route === null)).toBe(false);
    },
  );
});

describe('PhotoUploadPage: what the seller has left', () => {
  it('shows the free AI listings left by the Upload button, with a way to the plans', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({
      user: createUser({
        usage: createUsage({ aiListingsUsed: 2, aiListingsLimit: null, freeAiListingsLeft: 1 }),
      }),
    });
    renderPage();

    expect(screen.getByText('1 free AI listing left.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'See plans' }));
    expect(usePaywallStore.getState()).toMatchObject({ showPaywallModal: true, context: 'all' });
  });

  it('says when the free AI listings are used up', () => {
    useAuthStore.setState({
      user: createUser({
        canGenerate: false,
        usage: createUsage({ aiListingsUsed: 3, aiListingsLimit: null, freeAiListingsLeft: 0 }),
      }),
    });
    renderPage();
    expect(screen.getByText('You have used all your free AI listings.')).toBeTruthy();
  });

  it("shows a plan holder what is left of the plan's month, never the free allowance", () => {
    useAuthStore.setState({
      user: createUser({
        planData: { plan: 'pro_monthly', status: 'active' },
        usage: createUsage({ aiListingsUsed: 1, aiListingsLimit: 100, freeAiListingsLeft: 0 }),
      }),
    });
    renderPage();
    expect(screen.getByText('99 of 100 AI listings left this month.')).toBeTruthy();
    expect(screen.queryByText(/free AI listing/)).toBeNull();
  });

  it('tells a plan holder whose month is used up that it renews', () => {
    useAuthStore.setState({
      user: createUser({
        planData: { plan: 'standard_yearly', status: 'active' },
        canGenerate: false,
        usage: createUsage({ aiListingsUsed: 5, aiListingsLimit: 5, freeAiListingsLeft: 0 }),
      }),
    });
    renderPage();
    expect(
      screen.getByText("You have used this month's AI listings. They renew at the start of next month."),
    ).toBeTruthy();
  });

  it('is not shown to a seller with free access', () => {
    useAuthStore.setState({ user: createUser({ freeAccess: true }) });
    renderPage();
    expect(screen.queryByText(/AI listings? left/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'See plans' })).toBeNull();
  });

  it('is not shown to a visitor', () => {
    useAuthStore.setState({ user: null, isAuthenticated: false, token: null });
    renderPage();
    expect(screen.queryByText(/AI listings? left/)).toBeNull();
  });
});
