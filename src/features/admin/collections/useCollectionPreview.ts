/**
 * The new run's collection date and who it would collect from (previewCollection). The date
 * starts at the first possible one, counted here from today on the school's clock; the functions'
 * answer names their own first date (their pre-notification period may be set longer or shorter),
 * and an untouched date moves to it. A date the rules refuse is said before anything is asked.
 * The last answer stays: it is also what each family owes now, which the runs compare with.
 */
import { DEFAULT_PRE_NOTIFICATION_DAYS, earliestCollectionDate } from '@family-portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { previewCollection, type CollectionPreview } from '../../../api/officeCollections';
import { dateProblem } from '../../../domain/collections';
import { todayIso } from '../../../lib/schoolClock';

interface Result {
  /** The date and round it answers. */
  key: string;
  answer: CollectionPreview | null;
  error: unknown;
}

export function useCollectionPreview() {
  const today = todayIso();
  const [days, setDays] = useState(DEFAULT_PRE_NOTIFICATION_DAYS);
  const [date, setDateState] = useState(() => earliestCollectionDate(today, DEFAULT_PRE_NOTIFICATION_DAYS));
  const touched = useRef(false);
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const [latest, setLatest] = useState<CollectionPreview | null>(null);

  const problem = dateProblem(date, today, days);
  const key = `${date}#${round}`;
  const askable = problem === null;

  useEffect(() => {
    if (!askable) return;
    let current = true;
    const [asked] = key.split('#') as [string];
    previewCollection(asked).then(
      (answer) => {
        if (!current) return;
        setResult({ key, answer, error: null });
        setLatest(answer);
        setDays(answer.preNotificationDays);
        if (!touched.current && answer.earliest !== asked) setDateState(answer.earliest);
      },
      (error: unknown) => current && setResult({ key, answer: null, error }),
    );
    return () => {
      current = false;
    };
  }, [key, askable]);

  const setDate = useCallback((next: string) => {
    touched.current = true;
    setDateState(next);
  }, []);
  const reload = useCallback(() => setRound((value) => value + 1), []);

  const answered = askable && result?.key === key ? result : null;
  return {
    date,
    setDate,
    today,
    preNotificationDays: days,
    /** Why the date cannot be asked about, found here. */
    problem,
    /** The answer for this date, once in. */
    answer: answered?.answer ?? null,
    /** Why the functions refused or failed this date. */
    error: answered?.error ?? null,
    loading: askable && !answered,
    /** The newest answer for any date: the families, whatever date they were asked with. */
    latest,
    reload,
  };
}

export type CollectionPreviewState = ReturnType<typeof useCollectionPreview>;
