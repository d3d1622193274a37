// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorFallback } from './error-fallback';

function Broken(): never {
  throw new Error('the listing exploded');
}

describe('ErrorFallback', () => {
  it('replaces a page that crashed with the spec heading, the reason and a way home', async () => {
    // React and the router report the thrown error on console.error; that is the behaviour under test.
    const reported = vi.mocked(console.error).mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorFallback /> }]);

    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('the listing exploded')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(reported).toHaveBeenCalled();
  });
});
