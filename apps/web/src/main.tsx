// Entry point: make the router, which starts loading the first page's modules, wait for the translations
// (they never reject), then render. The global stylesheet comes first so component stylesheets come after it in
// the cascade.
import '@/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { appRoutes, createAppRouter } from '@/app/router';
import { i18nReady } from '@/lib/i18n';
import { prefetchRoutesOnIntent } from '@/lib/prefetch';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const router = createAppRouter();
prefetchRoutesOnIntent(appRoutes);

void i18nReady.then(() => {
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
});
