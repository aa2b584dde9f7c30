/**
 * Confirming or declining one or several requests: what will happen, an optional note to the
 * family (the contact form's rules, checked before sending as the function checks them), and
 * one call for every hundred of them. The buttons wait for the answer, so a double click sends once.
 */
import type { OfficeRequestRow } from '@family-portal/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { Modal } from '../../../components/Modal';
import { decideBookingRequests, type BookingDecisionResult } from '../../../api/officeBooking';
import { OfficeNoteFormEnd, useOfficeNoteForm } from './OfficeNoteField';
import type { BookingDecision } from './requestsView';

export interface Asked {
  decision: BookingDecision;
  rows: OfficeRequestRow[];
}

interface Props {
  asked: Asked | null;
  onClose: () => void;
  /** The function's answer, one result per request asked. */
  onDecided: (asked: Asked, results: BookingDecisionResult[]) => void;
  /** Whether a decision is being sent (the page disables its other buttons meanwhile). */
  onBusy: (busy: boolean) => void;
}

/** The most requests one call may decide (decideBookingRequestsBody in the contract). */
export const MAX_PER_CALL = 100;

/**
 * One call per 100 requests, one after the other. A call that fails after others went through
 * leaves its requests and the rest undecided: each gets the call's error as its reason. A first
 * call that fails decides nothing: its error is thrown.
 */
async function decideInBatches(asked: Asked, note: string): Promise<BookingDecisionResult[]> {
  const ids = asked.rows.map((row) => row.id);
  const results: BookingDecisionResult[] = [];
  for (let start = 0; start < ids.length; start += MAX_PER_CALL) {
    const batch = ids.slice(start, start + MAX_PER_CALL);
    try {
      results.push(...(await decideBookingRequests({ requestIds: batch, decision: asked.decision, ...(note ? { note } : {}) })));
    } catch (caught) {
      if (start === 0) throw caught;
      const error = caught instanceof ApiError ? caught.code : 'internal';
      results.push(...ids.slice(start).map((requestId): BookingDecisionResult => ({ requestId, outcome: 'failed', error })));
      break;
    }
  }
  return results;
}

export function DecisionDialog({ asked, onClose, onDecided, onBusy }: Props) {
  const { t } = useTranslation();
  const form = useOfficeNoteForm(asked, {
    send: async (sent, trimmed) => onDecided(sent, await decideInBatches(sent, trimmed)),
    failedKey: 'admin.requests.decide.failed',
    onBusy,
  });

  const count = asked?.rows.length ?? 0;
  const confirming = asked?.decision === 'confirm';
  return (
    <Modal open={asked !== null} busy={form.busy} onClose={onClose}
      title={confirming ? t('admin.requests.decide.titleConfirm', { count }) : t('admin.requests.decide.titleDecline', { count })}>
      <form onSubmit={(event) => void form.submit(event)} noValidate className="space-y-3 text-sm">
        <p className="text-slate-700">{t(confirming ? 'admin.requests.decide.explainConfirm' : 'admin.requests.decide.explainDecline')}</p>
        <ul className="list-disc space-y-0.5 pl-5 text-slate-800">
          {asked?.rows.map((row) => (
            <li key={row.id} className="break-words">{row.childName ?? row.childId}, {row.lessonName ?? row.lessonId}</li>
          ))}
        </ul>
        <OfficeNoteFormEnd form={form} onClose={onClose} submitLabel={t(confirming ? 'admin.requests.decide.confirm' : 'admin.requests.decide.decline')} />
      </form>
    </Modal>
  );
}
