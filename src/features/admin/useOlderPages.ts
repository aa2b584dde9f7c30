/**
 * A console list read newest first, a page at a time, with older pages on request (the audit log,
 * the sent notices). A reload (a new newest page) starts again from it.
 */
import { useState } from 'react';
import { apiErrorKey, type CallErrorKey } from '../../api/errorMessages';

interface Page<T> {
  items: readonly T[];
  next: string | null;
}

export function useOlderPages<P, T>(page: P | null, pageOf: (page: P) => Page<T>, fetchOlder: (after: string) => Promise<Page<T>>) {
  const [older, setOlder] = useState<{ after: P; items: T[]; next: string | null } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<CallErrorKey | null>(null);
  const shownOlder = older && older.after === page ? older : null;
  const newest = page ? pageOf(page) : null;
  const items = newest ? [...newest.items, ...(shownOlder?.items ?? [])] : null;
  const next = shownOlder ? shownOlder.next : (newest?.next ?? null);

  const showOlder = async () => {
    if (!page || !next) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const more = await fetchOlder(next);
      setOlder({ after: page, items: [...(shownOlder?.items ?? []), ...more.items], next: more.next });
    } catch (caught) {
      setOlderError(apiErrorKey(caught));
    } finally {
      setLoadingOlder(false);
    }
  };
  return { items, next, loadingOlder, olderError, showOlder };
}
