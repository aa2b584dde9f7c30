/**
 * Lazy routes that survive a deploy. A tab opened before a deploy still runs the old index
 * chunk, whose lazy chunks (hashed names) are gone from Hosting: the import fails. One reload
 * fetches the new index.html and with it the new chunk names.
 */
import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';

/** sessionStorage key: the chunk failures that already caused a reload in this tab. */
export const RELOADED_FOR_KEY = 'chunkReloadedFor';

/** Chromium, Firefox and Safari's wordings of a failed dynamic import, and Vite's CSS preload failure. */
const CHUNK_LOAD_ERROR = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_ERROR.test(error.message);
}

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
}

const browser = (): ReloadEnvironment => ({ storage: window.sessionStorage, reload: () => window.location.reload() });

/**
 * Runs `load`; when it fails with a chunk-load error, reloads the page once per failure (the
 * message names the chunk's URL where the browser gives it). The same failure after that
 * reload is a real outage and is rethrown for the error boundary, so the page cannot loop.
 */
export function importWithReload<T>(load: () => Promise<T>, environment: () => ReloadEnvironment = browser): Promise<T> {
  return load().catch((error: unknown) => {
    if (!isChunkLoadError(error)) throw error;
    const { storage, reload } = environment();
    const failure = (error as Error).message;
    const reloadedFor = readList(storage.getItem(RELOADED_FOR_KEY));
    if (reloadedFor.includes(failure)) throw error;
    storage.setItem(RELOADED_FOR_KEY, JSON.stringify([...reloadedFor, failure]));
    reload();
    // The page is going away: keep Suspense's fallback on screen instead of flashing an error.
    return new Promise<T>(() => undefined);
  });
}

function readList(stored: string | null): string[] {
  try {
    const value: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * React.lazy with one reload on a chunk that is gone after a deploy, and `preload()`.
 *
 * A route whose chunk was preloaded renders at once instead of suspending. That matters beyond
 * the download: React shows the nearest Suspense fallback and then holds the page back until
 * 300 ms after that fallback appeared (its throttle of reveals), even when the chunk was ready.
 * Each mount keeps the component it started with, so a page never remounts once its chunk is in.
 */
// oxlint-disable-next-line @typescript-eslint/no-explicit-any -- `any` props: the same constraint as React.lazy's own.
export function lazyWithReload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const preload = (): Promise<T> => {
    loading ??= importWithReload(load).then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = undefined; // a later render or preload tries again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: ComponentProps<T>) {
    const [{ Component }] = useState(() => ({ Component: (loaded ?? Lazy) as ComponentType<ComponentProps<T>> }));
    return createElement(Component, props);
  }
  return Object.assign(Preloadable, { preload });
}
