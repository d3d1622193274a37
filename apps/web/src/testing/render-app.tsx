// The whole app at `entry`, with its own providers and route table, as a browser opening that address gets it.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';

export function renderApp(entry: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [entry] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
