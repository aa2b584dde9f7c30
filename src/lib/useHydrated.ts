import { useSyncExternalStore } from 'react';

const nothingToSubscribe = () => () => undefined;

/**
 * False in the pre-rendered page (tools/prerender.ts) until React has taken it over, true from
 * then on, and at once in a page the browser renders itself. A control whose use React would undo
 * (a select it resets to its state) or not hear (a click before the handlers are attached) stays
 * disabled until then, so that a parent's choice is never silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(nothingToSubscribe, () => true, () => false);
}
