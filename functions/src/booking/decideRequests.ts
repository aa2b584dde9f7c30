/**
 * The office confirms or declines requests, several at once. Each request is claimed first
 * ('deciding'), so that a second click or a retry waits for the first instead of writing twice;
 * AppSheet's own row decides whether it still waits. Confirming adds the Plans row (found by its
 * key first, so it is added once however often this runs) and then writes the request's status;
 * declining writes the status and gives the places back. Four AppSheet calls for the whole batch.
 */
import { APPSHEET_TABLES, holdsPlaces, type DecideBookingRequestsBody, type RequestStatus } from '@family-portal/contract';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { formatAppSheetDateTime } from '../sync/appsheet/appsheetClient';
import type { AppSheetRow } from '../sync/mapping/mapRow';
import { HttpError } from '../http/errors';
import { claimHolders, finishClaims, type Claim, type ClaimEnd } from './holds';
import { planKey } from './keys';
import { claimKeyOf } from './holders';
import { offerOfRequest, readOffer } from './offers';
import type { BookingDeps } from './requestBooking';
import { atAppSheet, findRows, listCell, mapRequestRows, REQUESTS, requestRow, requests, storeMirrors, type MappedRequest } from './requestRecord';

type Outcome = 'confirmed' | 'declined' | 'unchanged' | 'refused' | 'failed';
export interface DecisionResult {
  requestId: string;
  outcome: Outcome;
  error?: string;
}

const plans = APPSHEET_TABLES.plans;
interface Pending {
  id: string;
  mirror: DocumentSnapshot;
  claim: Claim | null;
  offerId: string | null;
  quarterId: string;
  /** Places per time of its offer; null for a request without one, whose claim counts none. */
  places: number | null;
  /** AppSheet's row as it was found, then as written. */
  current?: MappedRequest;
  result?: DecisionResult;
}

const codeOf = (error: unknown) => (error instanceof HttpError ? error.code : 'failed');

const roomHoursOf = (mirror: DocumentSnapshot) => ((mirror.get('roomHourIds') as unknown[] | undefined) ?? []).map(String);

/** Groups entries by a key; entries without one are left out. */
function groupBy<T>(entries: T[], keyOf: (entry: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const key = keyOf(entry);
    if (key !== null) groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return groups;
}

/**
 * Takes the decision's claim on each request (or refuses it): one change per offer. A
 * confirmation of a request beyond its time's places (holders.ts overbookedIds) is refused `full`
 * in that change, until a place is freed and it moves up.
 */
async function claimAll(deps: BookingDeps, mirrors: DocumentSnapshot[], now: Date, confirming: boolean): Promise<Pending[]> {
  // One read of each offer's places, however many of its requests are decided.
  const placesOf = new Map<string, Promise<number | null>>();
  const placesOfOffer = (offerId: string) => {
    let places = placesOf.get(offerId);
    if (!places) placesOf.set(offerId, (places = readOffer(deps.db, offerId).then((offer) => offer?.places ?? null)));
    return places;
  };
  const pending: Pending[] = await Promise.all(
    mirrors.map(async (mirror): Promise<Pending> => {
      const entry: Pending = { id: mirror.id, mirror, claim: null, offerId: null, quarterId: String(mirror.get('quarterId') ?? ''), places: null };
      if (!mirror.exists) return { ...entry, result: { requestId: mirror.id, outcome: 'refused', error: 'not-found' } };
      const offerId = await offerOfRequest(deps.db, {
        offerId: (mirror.get('offerId') as string | null) ?? null,
        quarterId: entry.quarterId,
        lessonId: String(mirror.get('lessonId')),
      });
      const places = offerId ? await placesOfOffer(offerId) : null;
      return { ...entry, offerId: claimKeyOf(offerId, mirror.id), places };
    }),
  );
  const byOffer = groupBy(pending.filter((entry) => !entry.result), (entry) => entry.offerId);
  await Promise.all(
    [...byOffer].map(async ([offerId, entries]) => {
      const { quarterId, places } = entries[0] as Pending;
      const wanted = entries.map((entry) => ({ requestId: entry.id, roomHourIds: roomHoursOf(entry.mirror) }));
      // Too busy to claim (busy): these requests are refused, those of the other offers still decided.
      const claims = await claimHolders(deps.db, { offerId, quarterId, places }, wanted, 'deciding', now, { refuseOverbooked: confirming }).catch((error: unknown) => {
        if (error instanceof HttpError) return new Map<string, Claim | HttpError>(entries.map((entry) => [entry.id, error]));
        throw error;
      });
      for (const entry of entries) {
        const claim = claims.get(entry.id);
        if (claim instanceof HttpError) entry.result = { requestId: entry.id, outcome: 'refused', error: claim.code };
        else entry.claim = claim ?? null;
      }
    }),
  );
  return pending;
}

/** Adds the Plans rows of these confirmations that AppSheet does not have yet. */
async function addPlans(deps: BookingDeps, confirming: Pending[]): Promise<Map<string, string>> {
  const planIds = new Map<string, string>();
  for (const entry of confirming) {
    const doc = entry.current?.doc as MappedRequest['doc'];
    planIds.set(entry.id, planKey(doc.quarterId, doc.lessonId, doc.childId));
  }
  const existing = await findRows(deps.appSheet, plans, [...planIds.values()]);
  const missing: AppSheetRow[] = [];
  for (const entry of confirming) {
    const planId = planIds.get(entry.id) as string;
    const doc = entry.current?.doc as MappedRequest['doc'];
    if (existing.has(planId)) continue;
    const column = (field: keyof typeof plans.columns) => plans.columns[field].column;
    missing.push({
      [plans.keyColumn]: planId,
      [column('childId')]: doc.childId,
      [column('quarterId')]: doc.quarterId,
      [column('lessonId')]: doc.lessonId,
      [column('weeks')]: String(doc.weeks),
      [column('roomHourIds')]: listCell(doc.roomHourIds),
    });
  }
  if (missing.length > 0) await atAppSheet(() => deps.appSheet.add(plans.appSheetTable, missing));
  return planIds;
}

/** Writes the decision to each waiting request's row; the answer is what AppSheet now holds. */
async function writeDecisions(deps: BookingDeps, body: DecideBookingRequestsBody, waiting: Pending[], now: Date): Promise<void> {
  const status: RequestStatus = body.decision === 'confirm' ? 'confirmed' : 'declined';
  const planIds = body.decision === 'confirm' ? await addPlans(deps, waiting) : new Map<string, string>();
  const rows = waiting.map((entry) =>
    requestRow(entry.id, {
      status,
      decidedAt: formatAppSheetDateTime(now),
      ...(planIds.has(entry.id) ? { planId: planIds.get(entry.id) } : {}),
      ...(body.note !== undefined ? { note: body.note === '' ? null : body.note } : {}),
    }),
  );
  const answer = mapRequestRows(await atAppSheet(() => deps.appSheet.edit(requests.appSheetTable, rows)));
  for (const entry of waiting) {
    const before = entry.current?.doc as MappedRequest['doc'];
    entry.current = answer.get(entry.id) ?? {
      doc: { ...before, status, decidedAt: now.toISOString(), planId: planIds.get(entry.id) ?? before.planId, note: body.note === undefined ? before.note : body.note || null },
      changedAt: null,
    };
    entry.result = { requestId: entry.id, outcome: status };
  }
}

/** Sorts the claimed requests by AppSheet's rows: decided before, gone, or still waiting. */
function classify(body: DecideBookingRequestsBody, claimed: Pending[], rows: Map<string, AppSheetRow>): Pending[] {
  const target: RequestStatus = body.decision === 'confirm' ? 'confirmed' : 'declined';
  const waiting: Pending[] = [];
  for (const entry of claimed) {
    const row = rows.get(entry.id);
    entry.current = row ? mapRequestRows([row]).get(entry.id) : undefined;
    const current = entry.current?.doc.status;
    if (!current) entry.result = { requestId: entry.id, outcome: 'refused', error: 'not-found' };
    else if (current === target) entry.result = { requestId: entry.id, outcome: 'unchanged' };
    else if (current !== 'requested') entry.result = { requestId: entry.id, outcome: 'refused', error: 'not-requested' };
    else waiting.push(entry);
  }
  return waiting;
}

/** Ends each claim as AppSheet now has the request, holding its places or not: one change per offer. */
async function finishAll(deps: BookingDeps, pending: Pending[]): Promise<void> {
  const claimed = pending.filter((entry): entry is Pending & { claim: Claim } => entry.claim !== null);
  await Promise.all(
    [...groupBy(claimed, (entry) => entry.claim.offerId)].map(([offerId, entries]) =>
      finishClaims(
        deps.db,
        offerId,
        entries[0]?.quarterId ?? '',
        entries.map((entry) => {
          const status = entry.current?.doc.status ?? (entry.result?.outcome === 'failed' ? 'requested' : null);
          const end: ClaimEnd = status && holdsPlaces(status) ? { holds: true, roomHourIds: entry.current?.doc.roomHourIds, places: entry.places } : { holds: false };
          return { claim: entry.claim, end };
        }),
      ),
    ),
  );
}

export async function decideRequests(deps: BookingDeps, body: DecideBookingRequestsBody): Promise<DecisionResult[]> {
  const now = deps.now ?? new Date();
  const ids = [...new Set(body.requestIds)];
  const mirrors = await deps.db.getAll(...ids.map((id) => deps.db.collection(REQUESTS).doc(id)));
  const pending = await claimAll(deps, mirrors, now, body.decision === 'confirm');
  const claimed = pending.filter((entry) => !entry.result);
  try {
    const rows = await findRows(deps.appSheet, requests, claimed.map((entry) => entry.id));
    const waiting = classify(body, claimed, rows);
    if (waiting.length > 0) await writeDecisions(deps, body, waiting, now);
  } catch (error) {
    for (const entry of claimed) if (!entry.result) entry.result = { requestId: entry.id, outcome: 'failed', error: codeOf(error) };
  } finally {
    const known = claimed.filter((entry) => entry.current && entry.mirror.get('memberId'));
    await storeMirrors(deps.db, known.map((entry) => ({ id: entry.id, mapped: entry.current as MappedRequest, memberId: String(entry.mirror.get('memberId')) })), now);
    await finishAll(deps, claimed);
  }
  return pending.map((entry) => entry.result ?? { requestId: entry.id, outcome: 'failed', error: 'failed' });
}
