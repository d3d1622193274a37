// The app: shared providers around the router. main.tsx makes the router before the translations are in, so
// the first page's modules load while they do.
import { type DataRouter, RouterProvider } from 'react-router';
import { AppProviders } from './providers';

export function App({ router }: { router: DataRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
