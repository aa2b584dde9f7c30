import { useCallback, useEffect, useRef, useState } from 'react';

/** Loads a value, exposes loading/error/reload, and optionally reloads on an interval. */
export function useAsyncResource<T>(load: () => Promise<T>, refreshEveryMs?: number) {
  const [value, setValue] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const call = ++latest.current;
    setLoading(true);
    try {
      const result = await load();
      if (call === latest.current) {
        setValue(result);
        setError(null);
      }
    } catch (caught) {
      if (call === latest.current) setError((caught as Error).message || 'Request failed');
    } finally {
      if (call === latest.current) setLoading(false);
    }
  }, [load]);

  useEffect(() => {
    void reload();
    if (!refreshEveryMs) return;
    const timer = setInterval(() => void reload(), refreshEveryMs);
    return () => clearInterval(timer);
  }, [reload, refreshEveryMs]);

  return { value, loading, error, reload };
}
