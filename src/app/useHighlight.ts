import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export const HIGHLIGHT_DELAY_MS = 100;
export const HIGHLIGHT_MS = 2000;

/**
 * Deep links (?transaction=…, ?deposit=…, ?plan=…): once the data has loaded, wait 100 ms,
 * scroll the entry to the centre and mark it for 2 s (spec section 9).
 */
export function useHighlight(param: string, ready: boolean, elementId: (id: string) => string): string | null {
  const [params] = useSearchParams();
  const target = params.get(param);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  useEffect(() => {
    if (!ready || !target) return;
    let clear: ReturnType<typeof setTimeout> | undefined;
    const start = setTimeout(() => {
      const element = document.getElementById(elementId(target));
      if (!element) return;
      element.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      setHighlighted(target);
      clear = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    }, HIGHLIGHT_DELAY_MS);
    return () => {
      clearTimeout(start);
      clearTimeout(clear);
    };
    // elementId is a pure naming function: a new closure of it is no reason to highlight again.
  }, [ready, target]);
  return highlighted;
}
