import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './index.css';
import App from './App';
import { startTheme } from './lib/theme';
import { registerServiceWorkerAfterLoad } from './lib/serviceWorker';

// Light or dark before anything paints.
startTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Rendering starts at once, so that the route's code loads while the detected language's texts
// do; nothing paints before the texts are there (react-i18next suspends until then), so the
// first paint is in the right language. As a transition the first render runs in small slices
// and never blocks the page for long.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={null}>
        <App />
      </Suspense>
    </StrictMode>,
  );
});

// The offline app shell and "reload to update" (vite.config.ts): not in the dev server.
if (import.meta.env.PROD) registerServiceWorkerAfterLoad();
