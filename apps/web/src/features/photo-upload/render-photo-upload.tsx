// The photo-upload tests' page: /photo-upload with the listing page it leaves for, a signed-in seller, and
// the hooks both test files need around it (English, fresh stores, object URLs jsdom does not have).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { i18n, loadAllTranslations } from '@/lib/i18n';
import { initialActiveListingState, useActiveListingStore } from '@/stores/active-listing';
import { useAlertStore } from '@/stores/alert';
import { signIn } from '@/testing/auth';
import { createUser } from '@/testing/factories';
import { PhotoUploadPage } from './components/photo-upload-page';

export const jpg = (name: string) =>
  new File([new Uint8Array([255, 216, 255])], name, { type: 'image/jpeg' });

export const pickerInput = () =>
  screen.getByLabelText('Upload Photos', { selector: 'input' }) as HTMLInputElement;
export const submitButton = () =>
  screen.getByRole('button', { name: /Upload & Generate/ }) as HTMLButtonElement;

function ListingStub() {
  const { itemId } = useParams();
  return <p>listing page {itemId}</p>;
}

export function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/photo-upload', element: <PhotoUploadPage /> },
      { path: '/dashboard/listings/:itemId', element: <ListingStub /> },
    ],
    { initialEntries: ['/photo-upload'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Registers the hooks of a photo-upload test file. */
export function setUpPhotoUploadTests(): void {
  beforeAll(async () => {
    await loadAllTranslations();
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    signIn(createUser(), 't');
    useAlertStore.setState({ queue: [] });
    useActiveListingStore.setState(initialActiveListingState);
    // jsdom has no object URLs; the page makes one per preview and must revoke each.
    let next = 0;
    URL.createObjectURL = vi.fn(() => `blob:preview-${++next}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
}
