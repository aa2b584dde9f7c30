import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import './index.css';
import App, { preloadRoute } from './App';
import { startTheme } from './lib/theme';
import { registerServiceWorkerAfterLoad } from './lib/serviceWorker';

// Light or dark before anything paints.
startTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render waits for the detected language's texts (so the first paint is in the right
// language) and for the chunk of the page at this address. It must not start earlier and
// suspend: React holds back content that replaces a Suspense fallback until 300 ms after the
// fallback appeared, which cost every page load 300 ms (see lazyWithReload). As a transition
// the render runs in small slices and never blocks the page for long.
void Promise.all([i18nReady.catch(() => undefined), preloadRoute(window.location.pathname)]).then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Suspense fallback={null}>
          <App />
        </Suspense>
      </StrictMode>,
    );
  }),
);

// The offline app shell and "reload to update" (vite.config.ts): not in the dev server.
if (import.meta.env.PROD) registerServiceWorkerAfterLoad();
