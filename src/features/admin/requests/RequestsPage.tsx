/**
 * The office's requests tab: the next quarter's course requests, filtered by lesson and status
 * (kept in the address), the office's decision on one request or several selected at once, a
 * waiting family moved up or taken off its waiting list, and below them the free places of each
 * offered room hour.
 */
import type { OfficeRequestRow } from '@family-portal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { fetchBookingRequests } from '../../../api/officeBooking';
import { Card, EmptyState, Skeleton } from '../../../components/Card';
import { LegalLinks } from '../../../components/LegalLinks';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { AdminFrame } from '../AdminFrame';
import { RetryableError } from '../RetryableError';
import { useAsyncResource } from '../useAsyncResource';
import { DecisionDialog, type Asked } from './DecisionDialog';
import { DecisionOutcomes, type Decided } from './DecisionOutcomes';
import { PlacesCard } from './PlacesCard';
import { Filters } from './RequestFilters';
import { RequestCards, RequestsTable } from './RequestRows';
import { WaitingMoveDialog, MoveOutcome, type MoveAsked } from './WaitingMoveDialog';
import { decidable, filterOf, paramsOf, visibleRequests, type BookingDecision, type RequestFilter } from './requestsView';

function BulkActions({ chosen, busy, onDecide }: { chosen: OfficeRequestRow[]; busy: boolean; onDecide: (decision: BookingDecision, rows: OfficeRequestRow[]) => void }) {
  const { t } = useTranslation();
  const count = chosen.length;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <button type="button" disabled={busy || count === 0} onClick={() => onDecide('confirm', chosen)} className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-50">
        {count === 0 ? t('admin.requests.decide.confirmNone') : t('admin.requests.decide.confirmSelected', { count })}
      </button>
      <button type="button" disabled={busy || count === 0} onClick={() => onDecide('decline', chosen)} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50">
        {count === 0 ? t('admin.requests.decide.declineNone') : t('admin.requests.decide.declineSelected', { count })}
      </button>
      {count === 0 && <span className="text-sm text-slate-600">{t('admin.requests.decide.noneSelected')}</span>}
    </div>
  );
}

export default function RequestsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.requests.title'));
  const [params, setParams] = useSearchParams();
  // The filter shown is this state; the address follows it, so that coming back finds it again.
  const [filter, setFilter] = useState(() => filterOf(params));
  const requests = useAsyncResource(fetchBookingRequests);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [asked, setAsked] = useState<Asked | null>(null);
  const [decided, setDecided] = useState<Decided | null>(null);
  const [moving, setMoving] = useState<MoveAsked | null>(null);
  const [moved, setMoved] = useState<MoveAsked | null>(null);
  const [busy, setBusy] = useState(false);

  const answer = requests.value;
  const rows = useMemo(() => (answer ? visibleRequests(answer, filter) : []), [answer, filter]);
  // Only what is shown and still waits is decided: a filter never hides a selected request.
  const chosen = rows.filter((row) => decidable(row) && selected.has(row.id));

  const change = (next: Partial<RequestFilter>) => {
    const merged = { ...filter, ...next };
    setFilter(merged);
    setParams(paramsOf(merged), { replace: true });
  };
  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  };
  const afterDecision = (decision: Asked, results: Decided['results']) => {
    setAsked(null);
    setMoved(null);
    setDecided({ asked: decision, results });
    const next = new Set(selected);
    for (const row of decision.rows) next.delete(row.id);
    setSelected(next);
    void requests.reload();
  };

  // The places in line and the offers move with each step: the list is read again.
  const afterMove = (move: MoveAsked) => {
    setMoving(null);
    setDecided(null);
    setMoved(move);
    void requests.reload();
  };

  const ask = (decision: BookingDecision, askedRows: OfficeRequestRow[]) => setAsked({ decision, rows: askedRows });
  const rowsProps = { rows, selected, onToggle: toggle, onDecide: ask, onMove: (move: MoveAsked['move'], row: OfficeRequestRow) => setMoving({ move, row }), busy, loading: requests.loading };

  const noOffer = answer && (answer.quarter === null || (answer.offers.length === 0 && answer.requests.length === 0));
  return (
    <AdminFrame title={t('admin.requests.title')} subtitle={t('admin.requests.subtitle')} footer={requests.settled && <LegalLinks />}>
      {requests.error && <RetryableError message={t('admin.requests.loadError', { message: t(requests.error) })} onRetry={() => void requests.reload()} />}
      {!answer ? (
        !requests.error && (
          <div className="space-y-3" role="status" aria-label={t('common.loading')}>
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        )
      ) : noOffer ? (
        <EmptyState title={t('admin.requests.empty.title')}>{t('admin.requests.empty.text')}</EmptyState>
      ) : (
        <>
          <p className="text-sm font-medium text-slate-700">{t('admin.requests.quarter', { name: answer.quarter?.name ?? '' })}</p>
          <Card title={t('admin.requests.table.title')} action={
            <button type="button" onClick={() => void requests.reload()} disabled={requests.loading || busy} className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-60">
              {t('admin.requests.refresh')}
            </button>
          }>
            {answer.requests.length === 0 ? (
              <EmptyState>{t('admin.requests.table.none')}</EmptyState>
            ) : (
              <>
                <Filters answer={answer} filter={filter} onChange={change} />
                {decided && <DecisionOutcomes decided={decided} onDismiss={() => setDecided(null)} />}
                {moved && <MoveOutcome moved={moved} onDismiss={() => setMoved(null)} />}
                <BulkActions chosen={chosen} busy={busy} onDecide={ask} />
                {rows.length === 0 ? (
                  <div className="mt-4"><EmptyState>{t('admin.requests.table.empty')}</EmptyState></div>
                ) : (
                  <>
                    <p className="sr-only" aria-live="polite">{t('admin.requests.table.shown', { count: rows.length })}</p>
                    {/* Both are in the page: CSS shows the table from the lg breakpoint and the cards below it. */}
                    <RequestsTable answer={answer} {...rowsProps} />
                    <RequestCards answer={answer} {...rowsProps} />
                  </>
                )}
              </>
            )}
          </Card>
          {answer.offers.length > 0 && <PlacesCard offers={answer.offers} />}
        </>
      )}
      <DecisionDialog asked={asked} onClose={() => setAsked(null)} onDecided={afterDecision} onBusy={setBusy} />
      <WaitingMoveDialog asked={moving} onClose={() => setMoving(null)} onMoved={afterMove} onBusy={setBusy} />
    </AdminFrame>
  );
}
