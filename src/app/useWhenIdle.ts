import { useEffect, useRef } from 'react';

/**
 * Runs `work` once, when the browser is next idle after `ready` has become true: for what a
 * screen prepares beyond itself, which must not compete with what the parent waits for.
 */
export function useWhenIdle(ready: boolean, work: () => void): void {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    const run = () => {
      done.current = true;
      work();
    };
    if ('requestIdleCallback' in window) {
      const idle = window.requestIdleCallback(run);
      return () => window.cancelIdleCallback(idle);
    }
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }, [ready, work]);
}
