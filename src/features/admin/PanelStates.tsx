import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { EmptyState, Skeleton } from '../../components/Card';
import { RetryableError } from './RetryableError';

interface Props<T> {
  items: readonly T[] | null;
  loading: boolean;
  /** The load failure, said (with Retry), or null. */
  error: string | null;
  onRetry: () => void;
  /** What an empty list says. */
  empty: ReactNode;
  /** How many grey lines stand in for the rows while they load. */
  skeletons?: number;
  /** The rows, once there is at least one. */
  children: (items: readonly T[]) => ReactNode;
}

/** A console panel's list in its four states: failed (with Retry), loading, empty, or its rows. */
export function PanelStates<T>({ items, loading, error, onRetry, empty, skeletons = 3, children }: Props<T>) {
  const { t } = useTranslation();
  if (error) return <RetryableError message={error} onRetry={onRetry} />;
  if (loading && !items) {
    return (
      <div className="space-y-2" role="status" aria-label={t('common.loading')}>
        {Array.from({ length: skeletons }, (_, index) => <Skeleton key={index} />)}
      </div>
    );
  }
  if (!items || items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return <>{children(items)}</>;
}

interface OlderProps {
  /** Whether there is an older page. */
  next: unknown;
  loadingOlder: boolean;
  /** Why the older page did not come, said, or null. */
  olderError: string | null;
  onShowOlder: () => void;
  label: string;
  loadingLabel: string;
}

/** Below a paged list: why the older page did not come, and the button that asks for it. */
export function OlderPages({ next, loadingOlder, olderError, onShowOlder, label, loadingLabel }: OlderProps) {
  return (
    <>
      {olderError && <div className="mt-3"><Alert tone="error">{olderError}</Alert></div>}
      {Boolean(next) && (
        <button type="button" onClick={onShowOlder} disabled={loadingOlder}
          className="mt-3 rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-60">
          {loadingOlder ? loadingLabel : label}
        </button>
      )}
    </>
  );
}
