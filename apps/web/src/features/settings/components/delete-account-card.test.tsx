// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { apiError, stubApi } from '@/testing/api-stub';
import { deferred } from '@/testing/deferred';
import { setUpPageTests } from '@/testing/render-page';
import { renderSettings, SIGNED_IN_TOKEN, settingsSection } from '../render-settings';
import { confirmsEmail } from './delete-account-card';

setUpPageTests();

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(settingsSection('Delete account')).getByRole('button', { name: 'Delete account' }));
  return screen.getByRole('dialog', { name: 'Delete your account?' });
}

/** Types the account's address (and the password, where the account has one), then asks for the deletion. */
async function confirmDeletion(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  { address = 'maya@example.com', password }: { address?: string; password?: string } = {},
) {
  await user.type(within(dialog).getByLabelText(/To confirm/), address);
  if (password !== undefined) await user.type(within(dialog).getByLabelText('Current password'), password);
  await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
}

describe('confirmsEmail', () => {
  it('takes the address whatever its case and the spaces around it, and nothing else', () => {
    expect(confirmsEmail('  Maya@Example.COM ', 'maya@example.com')).toBe(true);
    expect(confirmsEmail('maya@example.co', 'maya@example.com')).toBe(false);
    expect(confirmsEmail('', 'maya@example.com')).toBe(false);
  });
});

describe('Delete account', () => {
  it('says what goes, and enables deleting only once the account’s address is typed', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderSettings();
    const dialog = await openDialog(user);

    for (const goes of [
      'All your listings and inventory, with their photos',
      'Your marketplace connections (eBay, Etsy, Shopify)',
      'Your subscription: it is cancelled, with no further payments',
      "This can't be undone. Export your data first if you want a copy.",
    ]) {
      expect(within(dialog).getByText(goes)).toBeTruthy();
    }
    const submit = within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    const confirmation = within(dialog).getByLabelText(
      'To confirm, type your email address: maya@example.com',
    );
    expect(submit.disabled).toBe(true);

    await user.type(confirmation, 'maya@example.co');
    expect(submit.disabled).toBe(true);
    await user.type(confirmation, 'm');
    expect(submit.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Current password'), 'her password');
    expect(submit.disabled).toBe(false);
    await user.clear(confirmation);
    await user.type(confirmation, ' MAYA@example.com  ');
    expect(submit.disabled).toBe(false);
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('deletes, forgets the session without logging out, and goes home', async () => {
    const user = userEvent.setup();
    const answer = deferred<{ ok: true }>();
    const api = stubApi({ deleteAccount: () => answer.promise });
    const { router, client } = renderSettings();
    client.setQueryData(['listings'], ['cached']);
    const dialog = await openDialog(user);

    await confirmDeletion(user, dialog, { address: 'Maya@Example.com ', password: 'her password' });

    expect(await within(dialog).findByRole('button', { name: 'Deleting…' })).toBeTruthy();
    const [request] = api.requestsTo('deleteAccount');
    expect(request?.body).toEqual({ confirmation: 'maya@example.com', currentPassword: 'her password' });
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${SIGNED_IN_TOKEN}`);
    answer.resolve({ ok: true });

    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(
      screen.getByText('Your account and everything in it were deleted. Thanks for selling with Snaplist.'),
    ).toBeTruthy();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, token: null, user: null });
    expect(client.getQueryData(['listings'])).toBeUndefined();
    // Only the deletion: the session is gone with the account, so there is no logout to call.
    expect(api.requests.map((sent) => sent.route)).toEqual(['deleteAccount']);
  });

  it('says nothing was deleted when the subscription could not be cancelled, and keeps the session', async () => {
    const user = userEvent.setup();
    stubApi({
      deleteAccount: () =>
        apiError(502, { code: 'internal_error', message: 'Payment provider unreachable.' }),
    });
    const { router } = renderSettings();
    const dialog = await openDialog(user);

    await confirmDeletion(user, dialog, { password: 'her password' });

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "We couldn't cancel your subscription, so nothing was deleted. Try again in a few minutes.",
    );
    expect(router.state.location.pathname).toBe('/dashboard/settings');
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, token: SIGNED_IN_TOKEN });
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toBeTruthy();
  });

  it('says the server’s refusal of the typed address', async () => {
    const user = userEvent.setup();
    stubApi({
      deleteAccount: () => apiError(422, { code: 'confirmation_mismatch', message: 'Type it exactly.' }),
    });
    renderSettings();
    const dialog = await openDialog(user);

    await confirmDeletion(user, dialog, { password: 'her password' });

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Type your account's email address exactly to confirm.",
    );
  });

  it('asks an account made with Google or Apple for no password, and says when it must sign in again', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      deleteAccount: () => apiError(403, { code: 'reauthentication_required', message: 'Sign in again.' }),
    });
    renderSettings({ hasPassword: false, linkedProviders: ['google'] });
    const dialog = await openDialog(user);

    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
    await confirmDeletion(user, dialog);

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'For your safety, sign out and sign in again with Google or Apple, then delete your account within 10 minutes.',
    );
    expect(api.requestsTo('deleteAccount').map((request) => request.body)).toEqual([
      { confirmation: 'maya@example.com' },
    ]);
  });

  it('closes with "Keep my account", deleting nothing', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderSettings();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
