import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import App, { AppRoot } from './app/App';
import { loadFirstScreen } from './app/startup';
import { releaseDeviceOfEndedSession } from './auth/endedSessionDevice';
import { currentLanguage, i18nReady, syncHostingLanguage } from './i18n';
import './index.css';
import { keepPaintedForm } from './lib/paintedForm';
import { startTheme } from './lib/theme';
import { registerServiceWorkerIfReturning } from './lib/serviceWorker';

// Light or dark before anything paints.
startTheme();
syncHostingLanguage();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render waits for the detected language's texts (so the first paint is in the right
// language) and for the chunk of the page at this address (app/startup.ts). It must not start earlier and
// suspend: React holds back content that replaces a Suspense fallback until 300 ms after the
// fallback appeared, which cost every page load 300 ms (see lazyWithReload). As a transition
// the render runs in small slices and never blocks the page for long.
//
// /login may arrive pre-rendered (tools/prerender.ts): hydrated, the form stays as painted, and
// what was typed before the JavaScript arrived is kept. Rendered in another language than the
// one detected here (a choice this browser made before Hosting could know it), it is replaced,
// and the new form takes what was typed into the old one (lib/paintedForm).
//
// A device turned on for pushes by a session that has ended since is released first, so that
// nothing renders while its lock screen would still get the family's notifications
// (auth/endedSessionDevice.ts; no wait where no device is on).
const prerenderedLanguage = root.dataset.prerendered;
if (prerenderedLanguage) keepPaintedForm(root);

void Promise.all([i18nReady.catch(() => undefined), loadFirstScreen(window.location.pathname), releaseDeviceOfEndedSession()]).then(() => {
  const app = (
    <AppRoot>
      <App />
    </AppRoot>
  );
  startTransition(() => {
    if (prerenderedLanguage && prerenderedLanguage === currentLanguage()) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
});

// The offline app shell and "reload to update" (vite.config.ts): not in the dev server. A first
// visit registers the worker once the family's figures are on screen (app/startup.ts).
if (import.meta.env.PROD) registerServiceWorkerIfReturning();
