import { useEffect, useRef } from 'react';
import { whenIdle } from '../lib/whenIdle';

/**
 * Runs `work` once, when the browser is next idle after `ready` has become true: for what a
 * screen prepares beyond itself, which must not compete with what the parent waits for.
 */
export function useWhenIdle(ready: boolean, work: () => void): void {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    return whenIdle(() => {
      done.current = true;
      work();
    });
  }, [ready, work]);
}
