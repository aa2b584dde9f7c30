/**
 * The office changes a waiting list (docs/booking.md): moves a family one place up, past the
 * nearest family ahead of it at one of its times, or takes it off the list (the row becomes
 * `Abgelehnt`). Either way with an optional note the family sees with its request. Moving up
 * swaps the two families' `Waiting Since` in AppSheet, in one Edit of both rows, so the order
 * AppSheet shows is the order the portal offers places in.
 */
import { type BookingRequest, type MoveOnWaitingListBody, type RequestStatus } from '@family-portal/contract';
import { HttpError } from '../http/errors';
import { formatAppSheetDateTime } from '../sync/appsheet/appsheetClient';
import { answerDoc, atAppSheet, findRows, mapRequestRows, REQUESTS, requestRow, requests, storeMirrors } from './requestRecord';
import { readEntries, readLine, waitingAudit } from './waitingList';
import type { InLine } from './waitingPlan';
import { afterStep, auditStep, notWaiting, type WaitingDeps } from './waitingRequests';

const alreadyFirst = () => new HttpError('already-first', 'This family is already first in line at its times.');

/**
 * The nearest family ahead in line at one of the mover's times, or null when there is none. A
 * time a family passed (its offer ran out or was turned down) is no longer one it is in line for.
 */
function aheadOf(line: InLine[], mover: InLine, passed: (requestId: string) => readonly string[]): InLine | null {
  const inLineAt = (entry: InLine) => entry.roomHourIds.filter((id) => !passed(entry.requestId).includes(id));
  const times = new Set(inLineAt(mover));
  const sorted = [...line].sort((a, b) => a.order.localeCompare(b.order) || a.requestId.localeCompare(b.requestId));
  const index = sorted.findIndex((entry) => entry.requestId === mover.requestId);
  for (let i = index - 1; i >= 0; i -= 1) {
    const candidate = sorted[i] as InLine;
    if (inLineAt(candidate).some((id) => times.has(id))) return candidate;
  }
  return null;
}

export async function moveOnWaitingList(deps: WaitingDeps, adminEmail: string, body: MoveOnWaitingListBody): Promise<BookingRequest> {
  const { db, appSheet } = deps;
  const now = deps.now ?? new Date();
  const mirror = await db.collection(REQUESTS).doc(body.requestId).get();
  if (!mirror.exists) throw new HttpError('not-found', 'There is no such request.');
  const status = mirror.get('status') as RequestStatus;
  const offerId = mirror.get('offerId') as unknown;
  if (status !== 'waiting' || typeof offerId !== 'string' || offerId === '') throw notWaiting(status);
  const memberId = String(mirror.get('memberId') ?? '');
  const note = body.note?.trim() ? body.note.trim() : null;
  const subject = { requestId: body.requestId, childId: String(mirror.get('childId')), lessonId: String(mirror.get('lessonId')) };

  const row = (await findRows(appSheet, requests, [body.requestId])).get(body.requestId);
  const current = row ? mapRequestRows([row]).get(body.requestId) : undefined;
  if (!current) throw new HttpError('not-found', 'There is no such request in the school office system.');
  if (current.doc.status !== 'waiting') {
    await storeMirrors(db, [{ id: body.requestId, mapped: current, memberId }], now);
    await afterStep(deps, offerId, now);
    throw notWaiting(current.doc.status);
  }

  if (body.move === 'off') {
    const answer = await atAppSheet(() =>
      appSheet.edit(requests.appSheetTable, [requestRow(body.requestId, { status: 'declined', note, decidedAt: formatAppSheetDateTime(now) })]),
    );
    const mapped = mapRequestRows(answer).get(body.requestId) ?? { doc: { ...current.doc, status: 'declined' as const, note }, changedAt: null };
    await storeMirrors(db, [{ id: body.requestId, mapped, memberId }], now);
    await auditStep(deps, waitingAudit('removed', subject, current.doc.roomHourIds, adminEmail, now.toISOString(), note));
    await afterStep(deps, offerId, now);
    return answerDoc(body.requestId, mapped, memberId);
  }

  const [line, entries] = await Promise.all([readLine(db, offerId), readEntries(db, offerId)]);
  const mover = line.find((entry) => entry.requestId === body.requestId);
  if (!mover) throw notWaiting(status);
  const ahead = aheadOf(line, mover, (requestId) => entries.get(requestId)?.passed ?? []);
  if (!ahead) throw alreadyFirst();
  // Swapped; two families who joined in the same second: the mover a second earlier.
  const moverSince = ahead.order < mover.order ? ahead.order : new Date(Date.parse(ahead.order) - 1000).toISOString();
  const aheadSince = ahead.order < mover.order ? mover.order : ahead.order;
  const cell = (instant: string) => formatAppSheetDateTime(new Date(instant));
  const answer = await atAppSheet(() =>
    appSheet.edit(requests.appSheetTable, [
      requestRow(body.requestId, { waitingSince: cell(moverSince), ...(note ? { note } : {}) }),
      requestRow(ahead.requestId, { waitingSince: cell(aheadSince) }),
    ]),
  );
  const mapped = mapRequestRows(answer);
  const moved = mapped.get(body.requestId) ?? { doc: { ...current.doc, waitingSince: moverSince, ...(note ? { note } : {}) }, changedAt: null };
  await storeMirrors(
    db,
    [
      { id: body.requestId, mapped: moved, memberId },
      ...[mapped.get(ahead.requestId)].filter((doc) => doc !== undefined).map((doc) => ({ id: ahead.requestId, mapped: doc, memberId: ahead.memberId })),
    ],
    now,
  );
  await auditStep(deps, waitingAudit('movedUp', subject, current.doc.roomHourIds, adminEmail, now.toISOString(), note));
  await afterStep(deps, offerId, now);
  return answerDoc(body.requestId, moved, memberId);
}
