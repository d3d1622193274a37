// @vitest-environment jsdom
import { type ExtensionToWebMessage, MOBILE_MAX_WIDTH } from '@snaplist/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import { i18n } from '@/lib/i18n';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { createExtensionStatus, createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { DETECTION_TIMEOUT_MS } from '../api/extension-bridge';
import { initialExtensionState, useExtensionStore } from '../store';
import { ExtensionsSection } from './extensions-section';

setUpPageTests();

beforeEach(() => {
  vi.useFakeTimers();
  useExtensionStore.setState(initialExtensionState);
  useAuthStore.setState({ ...initialAuthState(), user: createUser(), isAuthenticated: true });
});

afterEach(() => {
  vi.useRealTimers();
});

function renderSection() {
  renderRoutes([{ path: '/dashboard', element: <ExtensionsSection /> }], '/dashboard');
  return screen.getByRole('region', { name: 'Browser extensions' });
}

/** A viewport of `width` px: the mobile query matches at 768 px or less. */
function viewportWidth(width: number) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: query === `(max-width: ${MOBILE_MAX_WIDTH}px)` && width <= MOBILE_MAX_WIDTH,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

/** The extension's bridge script answering on this page, as the browser delivers its message. */
function extensionSays(overrides: Partial<ExtensionToWebMessage> = {}) {
  const message = createExtensionStatus(overrides);
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data: message, origin: window.location.origin, source: window }),
    );
  });
}

function nothingAnswers() {
  act(() => {
    vi.advanceTimersByTime(DETECTION_TIMEOUT_MS);
  });
}

describe('ExtensionsSection', () => {
  it('on a desktop with no extension: looks for it, then says none is detected and how to get it', () => {
    viewportWidth(1280);
    const section = renderSection();
    expect(within(section).getByText('Looking for the Snaplist extension…')).toBeTruthy();

    nothingAnswers();
    expect(within(section).getByText('No extensions detected.')).toBeTruthy();
    expect(within(section).getByText(/same email and password as here/)).toBeTruthy();
    const guide = within(section).getByRole('link', { name: /^How to install it/ });
    expect(guide.getAttribute('href')).toBe(env.extensionGuideUrl);
    expect(guide.getAttribute('target')).toBe('_blank');
    expect(within(section).queryByText(/Switch to a desktop/)).toBeNull();
  });

  it('at 768 px with no extension: asks the seller to switch to a desktop to install one', () => {
    viewportWidth(768);
    const section = renderSection();
    nothingAnswers();
    expect(within(section).getByText('Switch to a desktop computer to install extensions.')).toBeTruthy();
    expect(within(section).queryByText('No extensions detected.')).toBeNull();
  });

  it('with the extension signed in to this account: its version and the account', () => {
    viewportWidth(1280);
    const section = renderSection();
    extensionSays({ version: '1.2.0', signedIn: true, email: 'Seller@Example.com' });
    expect(within(section).getByText('Snaplist extension 1.2.0')).toBeTruthy();
    expect(within(section).getByText('Signed in as Seller@Example.com')).toBeTruthy();
    expect(within(section).queryByText(/not the account you use here/)).toBeNull();
    nothingAnswers();
    expect(within(section).queryByText('No extensions detected.')).toBeNull();
  });

  it('with the extension signed out: tells the seller where to sign in, and with what', () => {
    viewportWidth(1280);
    const section = renderSection();
    extensionSays({ signedIn: false, email: null });
    expect(within(section).getByText('Snaplist extension 1.2.0')).toBeTruthy();
    expect(
      within(section).getByText(
        "Not signed in: open the extension from the browser's toolbar and sign in with this account's email and password.",
      ),
    ).toBeTruthy();
  });

  it('with the extension signed in to another account: says so, naming the one to use', () => {
    viewportWidth(1280);
    const section = renderSection();
    extensionSays({ email: 'other@example.com' });
    expect(within(section).getByText('Signed in as other@example.com')).toBeTruthy();
    expect(
      within(section).getByText(/^That is not the account you use here \(seller@example\.com\)/),
    ).toBeTruthy();
  });

  it('follows the extension as the seller signs in to it, live', () => {
    viewportWidth(1280);
    const section = renderSection();
    extensionSays({ signedIn: false, email: null });
    expect(within(section).getByText(/^Not signed in/)).toBeTruthy();
    extensionSays({ signedIn: true, email: 'seller@example.com' });
    expect(within(section).getByText('Signed in as seller@example.com')).toBeTruthy();
    expect(within(section).queryByText(/^Not signed in/)).toBeNull();
  });

  it('shows an installed extension on a narrow screen too, instead of asking to install one', () => {
    viewportWidth(768);
    const section = renderSection();
    extensionSays();
    expect(within(section).getByText('Snaplist extension 1.2.0')).toBeTruthy();
    expect(within(section).queryByText(/Switch to a desktop/)).toBeNull();
  });

  it('in French', async () => {
    viewportWidth(1280);
    await act(() => i18n.changeLanguage('fr'));
    try {
      renderRoutes([{ path: '/dashboard', element: <ExtensionsSection /> }], '/dashboard');
      const section = screen.getByRole('region', { name: 'Extensions de navigateur' });
      extensionSays({ signedIn: false, email: null });
      expect(within(section).getByText('Extension Snaplist 1.2.0')).toBeTruthy();
      expect(within(section).getByText(/^Non connecté/)).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
