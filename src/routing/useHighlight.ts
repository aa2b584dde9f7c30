import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export const HIGHLIGHT_DELAY_MS = 100;
export const HIGHLIGHT_MS = 2000;

/**
 * The marked entry's pulsing ring (spec section 2), on a layer of its own: pulsing the whole
 * entry would fade its text below a 4.5:1 contrast for half of each pulse.
 */
export const HIGHLIGHT_RING = {
  teal: 'relative before:pointer-events-none before:absolute before:-inset-px before:rounded-lg before:ring-4 before:ring-teal-500 motion-safe:before:animate-pulse',
  green: 'relative before:pointer-events-none before:absolute before:-inset-px before:rounded-lg before:ring-4 before:ring-green-500 motion-safe:before:animate-pulse',
} as const;

/** How long the entry is kept in view while the page around it is still filling in. */
export const FOLLOW_MS = 10_000;
const PARENT_SCROLLS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

/**
 * Sections that arrive after the entry (on /plans the booking offer and the absences, above the
 * timetable) would push it out of view on a slow phone: while the page grows, the entry is
 * centred again, until the parent scrolls or clicks themselves or FOLLOW_MS have passed.
 * Returns the function that stops it.
 */
function followEntry(element: HTMLElement): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  let top = element.getBoundingClientRect().top + window.scrollY;
  const observer = new ResizeObserver(() => {
    const now = element.getBoundingClientRect().top + window.scrollY;
    if (now === top || !element.isConnected) return;
    top = now;
    element.scrollIntoView?.({ block: 'center' });
  });
  const timer = setTimeout(stop, FOLLOW_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    for (const event of PARENT_SCROLLS) window.removeEventListener(event, stop);
  }
  for (const event of PARENT_SCROLLS) window.addEventListener(event, stop, { passive: true });
  observer.observe(document.body);
  return stop;
}

/**
 * Deep links (?transaction=…, ?deposit=…, ?plan=…): once the data has loaded, wait 100 ms,
 * scroll the entry to the centre (and keep it there while the page fills in) and mark it for 2 s
 * (spec section 9).
 */
export function useHighlight(param: string, ready: boolean, elementId: (id: string) => string): string | null {
  const [params] = useSearchParams();
  const target = params.get(param);
  // The element's id, not the naming function: a new closure of it is no reason to highlight again.
  const targetElementId = target ? elementId(target) : null;
  const [highlighted, setHighlighted] = useState<string | null>(null);
  useEffect(() => {
    if (!ready || !target || !targetElementId) return;
    let clear: ReturnType<typeof setTimeout> | undefined;
    let stopFollowing = () => {};
    const start = setTimeout(() => {
      const element = document.getElementById(targetElementId);
      if (!element) return;
      element.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      stopFollowing = followEntry(element);
      setHighlighted(target);
      clear = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    }, HIGHLIGHT_DELAY_MS);
    return () => {
      clearTimeout(start);
      clearTimeout(clear);
      stopFollowing();
    };
  }, [ready, target, targetElementId]);
  return highlighted;
}
