// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { stubApi } from '@/testing/api-stub';
import { createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { LandingPage } from './landing-page';

setUpPageTests();

beforeEach(() => {
  useAuthStore.getState().setToken('token-1');
  useAuthStore.getState().setUser(createUser());
});

describe('LandingPage', () => {
  it('Logout revokes the token, forgets the seller and empties the query cache', async () => {
    const user = userEvent.setup();
    const api = stubApi({ logout: { ok: true } });
    const { client } = renderRoutes([{ path: '/', element: <LandingPage /> }], '/');
    client.setQueryData(['listings'], []);

    expect(screen.getByRole('link', { name: /Go to Dashboard/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Login/Signup' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Go to Dashboard/ })).toBeNull();
    expect(api.requestsTo('logout')).toHaveLength(1);
    await waitFor(() => expect(client.getQueryData(['listings'])).toBeUndefined());
    expect(useAuthStore.getState().token).toBeNull();
  });
});
