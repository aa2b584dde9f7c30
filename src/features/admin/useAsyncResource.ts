import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorKey } from '../../api/errorMessages';

/**
 * Loads a value, exposes loading/error (as the text key of its code)/reload, and optionally
 * reloads on an interval. `settled`: the first load has ended, with a value or an error.
 */
export function useAsyncResource<T>(load: () => Promise<T>, refreshEveryMs?: number) {
  const [value, setValue] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ReturnType<typeof apiErrorKey> | null>(null);
  const [settled, setSettled] = useState(false);
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
      if (call === latest.current) setError(apiErrorKey(caught));
    } finally {
      if (call === latest.current) {
        setLoading(false);
        setSettled(true);
      }
    }
  }, [load]);

  useEffect(() => {
    void reload();
    if (!refreshEveryMs) return;
    const timer = setInterval(() => void reload(), refreshEveryMs);
    return () => clearInterval(timer);
  }, [reload, refreshEveryMs]);

  return { value, loading, error, settled, reload };
}
