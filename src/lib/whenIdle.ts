/**
 * Runs `work` when the browser is next idle (at the latest after `timeoutMs`), as a task of its
 * own; returns what cancels it. Where requestIdleCallback is missing (Safari), after the
 * current task.
 */
export function whenIdle(work: () => void, timeoutMs?: number): () => void {
  if ('requestIdleCallback' in window) {
    const idle = window.requestIdleCallback(work, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
    return () => window.cancelIdleCallback(idle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
