/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { buildConfigGuard } from './tools/buildConfig.ts';
import { hostingConfigPlugin } from './tools/hostingConfig.ts';
import { legalPagesPlugin } from './tools/legalPages.ts';
import { localeTextsPlugin } from './tools/localeTexts.ts';
import { preloadedDependencies } from './tools/modulePreload.ts';
import { splitByIsolation } from './tools/lib/unitIsolation.ts';
import { LOCALIZED_ROOT, prerenderLogin } from './tools/prerender.ts';

/** Tailwind's teal-700 (the header and buttons) and slate-50 (the page), as in index.html. */
const THEME_COLOUR = '#0f766e';
const BACKGROUND_COLOUR = '#f8fafc';

/**
 * Names this build for what the page keeps of the family between visits (src/data/keptFamily.ts):
 * an entry written by another build is not read, since the data's shape may have changed.
 */
process.env.VITE_BUILD_ID ??= new Date().toISOString();

/**
 * Installable, and readable offline: the service worker (src/sw/sw.ts, built by the plugin's
 * injectManifest) precaches the app shell (index.html, every JavaScript and CSS chunk, the three
 * languages' texts, the icons) and answers the SPA's navigations with index.html, so a parent who
 * opened the portal once gets it without a network; Firestore's own persistent cache
 * (src/data/firebase.ts) has the family's last data. Nothing of Firebase's traffic goes through the
 * worker's caches. It also shows Web Push notifications (docs/push.md). A new version waits until
 * the parent chooses "reload to update" (src/app/UpdatePrompt.tsx); the worker is registered after
 * the first paint by src/lib/serviceWorker.ts, in production builds only (not in the dev server).
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  manifest: {
    id: '/',
    name: 'Family Portal',
    short_name: 'Family Portal',
    description: "Your family's courses, balance and payments at the school association.",
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: [
      { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  // The glob below takes the icons already; the plugin adds manifest.webmanifest itself.
  includeManifestIcons: false,
  injectManifest: {
    globPatterns: ['**/*.{html,js,css,svg,png}'],
    // The PDF code (~1 MB with pdfmake: the yearly statement, a mandate's copy) loads when a
    // parent asks for one; it is not worth every first visit's download (and needs its fonts
    // from the network anyway).
    // The pre-rendered login pages (tools/prerender.ts) are for first visits from the network;
    // the worker answers every navigation with index.html.
    globIgnores: ['**/pdf-*.js', 'login/**', `${LOCALIZED_ROOT}/**`],
  },
});

// Unit and component tests only; emulator-backed suites have their own config.
const unitFiles = splitByIsolation(['src/**/*.test.{ts,tsx}', 'functions/src/**/*.test.ts', 'tools/**/*.test.ts', 'tests/bench/**/*.test.ts'], import.meta.dirname);

export default defineConfig({
  plugins: [react(), tailwindcss(), buildConfigGuard(), localeTextsPlugin(), legalPagesPlugin(), pwa, prerenderLogin(), hostingConfigPlugin()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  // No source maps: Hosting would serve them to anyone, with the full sources inside. Which
  // dynamic imports announce their chunks with modulepreload links: tools/modulePreload.ts.
  build: { target: 'es2022', sourcemap: false, modulePreload: { resolveDependencies: preloadedDependencies } },
  // The Firestore worker (src/data/firestore.worker.ts) is a module worker, split into chunks like the page.
  worker: { format: 'es' },
  test: {
    // Every core: Vitest's default, one fewer than the cores, leaves half of a 2-core machine idle.
    maxWorkers: availableParallelism(),
    environment: 'node',
    // A cap, not a wait: a passing test ends when its conditions hold. In CI the unit lane shares
    // two cores with the emulators, Chromium and the lint, and a screen test that takes 0.3 s
    // alone took over Vitest's default 5 s there (the Direct debit tab's announce, stop 84);
    // each of its findBy… may itself wait 5 s (src/test/setup.ts).
    testTimeout: 30_000,
    // The same cap for a beforeAll: on CI's busy machine one met Vitest's default 10 s and its
    // file's two tests were skipped (likely cors.test.ts's, which loads every function: 1 s alone).
    hookTimeout: 30_000,
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Files that leave nothing behind reuse their worker's modules; the others get their own, in
    // a fresh VM context or, when they change the process, a process (tools/lib/unitIsolation.ts
    // says which and why).
    projects: [
      { extends: true, test: { name: 'shared', include: unitFiles.shared, isolate: false } },
      { extends: true, test: { name: 'isolated', include: unitFiles.context, pool: 'vmForks' } },
      { extends: true, test: { name: 'own process', include: unitFiles.process } },
    ],
  },
});
