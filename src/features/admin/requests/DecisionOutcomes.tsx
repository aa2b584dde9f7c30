import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorKey } from '../../../api/errorMessages';
import type { Asked } from './DecisionDialog';
import type { BookingDecisionResult } from '../../../api/officeBooking';
import { reasonKey } from './requestsView';

export interface Decided {
  asked: Asked;
  results: BookingDecisionResult[];
}

/** What became of each request of the last decision, named by child and lesson, with the reason where it was not decided. */
export function DecisionOutcomes({ decided, onDismiss }: { decided: Decided; onDismiss: () => void }) {
  const { t, i18n } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  // The rows decided leave the list of waiting requests: the focus goes to what became of them.
  useEffect(() => panel.current?.focus(), [decided]);

  const rows = new Map(decided.asked.rows.map((row) => [row.id, row]));
  const done = decided.results.filter((result) => ['confirmed', 'declined', 'unchanged'].includes(result.outcome)).length;
  const allDone = done === decided.results.length;
  /** In the console's words where it has its own, else the API's text of the code, else the code. */
  const reason = (code: string | undefined) => {
    const own = reasonKey(code);
    if (own !== 'admin.requests.reason.other' || !code || !i18n.exists(`errors.api.${code}`)) return t(own, { code: code ?? '?' });
    return t(`errors.api.${code}` as ApiErrorKey);
  };
  const outcomeText = (result: BookingDecisionResult) => {
    if (result.outcome === 'refused' || result.outcome === 'failed') return t(`admin.requests.outcome.${result.outcome}`, { reason: reason(result.error) });
    return t(`admin.requests.outcome.${result.outcome}`);
  };

  return (
    <div ref={panel} tabIndex={-1} role="status"
      className={`mt-3 rounded-lg border px-4 py-3 text-sm ${allDone ? 'border-green-300 bg-green-50 text-green-800' : 'border-amber-300 bg-amber-50 text-amber-900'}`}>
      <p className="font-semibold">{t('admin.requests.outcome.title', { done, count: decided.results.length })}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {decided.results.map((result) => {
          const row = rows.get(result.requestId);
          return (
            <li key={result.requestId} className="break-words">
              {t('admin.requests.outcome.line', { child: row?.childName ?? row?.childId ?? result.requestId, lesson: row?.lessonName ?? row?.lessonId ?? '', outcome: outcomeText(result) })}
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={onDismiss} className="mt-2 text-sm font-medium underline">{t('admin.controls.dismiss')}</button>
    </div>
  );
}
