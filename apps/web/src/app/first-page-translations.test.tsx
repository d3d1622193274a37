// @vitest-environment jsdom
// The pages where visits start, as a first visit loads them: the real route table and providers, only the
// first-page strings (lib/first-page-translations.ts) and no query client. A string of theirs outside that list
// would show as its key on a first visit, and loading every page's strings would undo the split.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { showAlert } from '@/stores/alert';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { createUser } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { stubMatchMedia } from '@/testing/render-page';
import { ErrorFallback } from './error-fallback';

const missingKeys: string[] = [];

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
  i18n.options.saveMissing = true;
  i18n.on('missingKey', (_languages, _namespace, key: string) => missingKeys.push(key));
});

beforeEach(() => {
  stubMatchMedia();
  useAuthStore.setState(initialAuthState());
  missingKeys.length = 0;
});

afterEach(() => {
  expect(missingKeys).toEqual([]);
  // Nothing a first page shows needs every page's strings.
  expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
});

function signIn() {
  useAuthStore.getState().setToken('token-1');
  useAuthStore.getState().setUser(createUser());
}

describe('the first-page strings', () => {
  it('cover the landing page, its shell and language selector for a visitor', async () => {
    renderApp(paths.home);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /English/ })).toBeTruthy();
  });

  it('cover the landing page for a signed-in seller', async () => {
    signIn();
    renderApp(paths.home);
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('cover the photo-upload page, its loading view and the how-it-works dialog', async () => {
    renderApp(paths.photoUpload);
    expect(screen.getByRole('status')).toBeTruthy();
    const howItWorks = await screen.findByRole('button', { name: 'How it works' });
    await userEvent.setup().click(howItWorks);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('cover the photo-upload page for a signed-in seller, with what they have left', async () => {
    signIn();
    renderApp(paths.photoUpload);
    expect(await screen.findByRole('button', { name: 'See plans' })).toBeTruthy();
  });

  it('cover the alert dialog', async () => {
    renderApp(paths.home);
    await screen.findByRole('heading', { level: 1 });
    act(() => showAlert('Something happened'));
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
  });

  it('cover the error screen', async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    const Broken = (): never => {
      throw new Error('broken');
    };
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorFallback /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
