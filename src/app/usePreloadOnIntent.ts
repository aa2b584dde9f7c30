import { useEffect } from 'react';

/** Pointer (mouse, pen, a finger's touch) over an element, and keyboard focus moving to one. */
const INTENT = ['pointerover', 'focusin'] as const;

/**
 * Calls `preload` with every event that shows where the parent is about to go: a link pointed
 * at, touched or focused anywhere on the page, before it is clicked.
 */
export function usePreloadOnIntent(preload: (event: Event) => void): void {
  useEffect(() => {
    for (const type of INTENT) document.addEventListener(type, preload, { capture: true, passive: true });
    return () => {
      for (const type of INTENT) document.removeEventListener(type, preload, { capture: true });
    };
  }, [preload]);
}
