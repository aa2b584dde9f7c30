/**
 * The two changes a parent may make, written to AppSheet first (the source of truth) and then
 * to Firestore, so that the next sync never undoes them. If AppSheet refuses, nothing changes.
 * Once AppSheet has accepted a change it stands: a failing Firestore write is retried and, if it
 * keeps failing, left to the next sync, which copies the row from AppSheet anyway.
 */
import { APPSHEET_TABLES, type EditableContactField } from '@family-portal/contract';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { formatAppSheetDateTime, type AppSheetClient } from '../sync/appsheet/appsheetClient';
import { contentHash, HASH_FIELD, SYNCED_AT_FIELD } from '../sync/firestore/contentHash';
import { LAST_CHANGED_FIELD } from '../sync/firestore/freshness';
import { withRetry } from '../lib/retry';
import { convertCell, mapRow, type AppSheetRow, type SyncedDocument } from '../sync/mapping/mapRow';
import { filter, keyIn } from '../sync/appsheet/selector';


export class AppSheetWriteError extends Error {}

const members = APPSHEET_TABLES.members;
/** The member fields a parent changes, written to their AppSheet columns as AppSheet cells. */
type WrittenField = EditableContactField | 'cancellationRequested' | 'cancellationRequestedAt' | 'cancellationReason';
type Changes = Partial<Record<WrittenField, string>>;

/** Stores what AppSheet now holds; a few attempts, then the next sync repairs the document. */
async function storeMember(member: DocumentSnapshot, doc: SyncedDocument, changedAt: string, now: Date): Promise<void> {
  const data = { ...doc, [HASH_FIELD]: contentHash(doc), [SYNCED_AT_FIELD]: now.toISOString(), [LAST_CHANGED_FIELD]: changedAt };
  try {
    await withRetry(() => member.ref.set(data), { attempts: 3, backoffMs: 300 });
  } catch (error) {
    logger.error('AppSheet accepted a member change, but Firestore did not; the next sync repairs it', {
      memberId: member.id,
      reason: (error as Error).message,
    });
  }
}

/** A row as AppSheet answered it, mapped by the contract; null when it cannot be. */
function mapAnswer(answer: AppSheetRow[], memberId: string) {
  const returned = answer.find((candidate) => String(candidate[members.keyColumn] ?? '').trim() === memberId);
  const mapped = returned ? mapRow(members, returned) : null;
  return mapped?.ok ? mapped : null;
}

/** Writes the changed columns of one member to AppSheet, then the resulting document to Firestore. */
async function writeMember(
  appSheet: AppSheetClient,
  member: DocumentSnapshot,
  changes: Changes,
  now: Date,
): Promise<SyncedDocument & { id: string }> {
  const row: AppSheetRow = { [members.keyColumn]: member.id };
  for (const [field, value] of Object.entries(changes)) row[members.columns[field as WrittenField].column] = value;
  let answer: AppSheetRow[];
  try {
    answer = await appSheet.edit(members.appSheetTable, [row]);
  } catch (error) {
    throw new AppSheetWriteError((error as Error).message);
  }
  // Store exactly what the next sync would store: AppSheet's answer, mapped by the contract,
  // with the `Last Changed` AppSheet gave it, so that a sync holding an older copy keeps off.
  const mapped = mapAnswer(answer, member.id);
  let doc: SyncedDocument;
  if (mapped) {
    doc = mapped.doc;
  } else {
    const current: SyncedDocument = Object.fromEntries(Object.entries(member.data() ?? {}).filter(([key]) => !key.startsWith('_')));
    doc = { ...current, ...changesAsStored(changes) };
  }
  await storeMember(member, doc, mapped?.changedAt ?? now.toISOString(), now);
  return { id: member.id, ...doc };
}

/** The written cells as the sync would store them: converted by their columns, as mapRow does. */
export function changesAsStored(changes: Changes): SyncedDocument {
  return Object.fromEntries(
    Object.entries(changes).map(([field, cell]) => {
      const col = members.columns[field as WrittenField];
      return [field, convertCell(col, cell) ?? col.blankValue ?? null];
    }),
  );
}

export function updateContactData(appSheet: AppSheetClient, member: DocumentSnapshot, updates: Partial<Record<EditableContactField, string>>, now = new Date()) {
  return writeMember(appSheet, member, updates, now);
}

/** The cancellation that was already recorded: its request date, as an instant (or null). */
export class AlreadyRequestedError extends Error {
  constructor(readonly requestedAt: string | null) {
    super('A cancellation was already requested.');
  }
}
/** Another request of the same member is being recorded right now (a double click, a second tab). */
export class RequestInProgressError extends Error {}

/** Claims on a member's write-back, server-only (the rules close every collection not named). */
export const MEMBER_WRITES = 'member_writes';
/** A claim older than this belongs to a request that died; the function timeout is shorter. */
const CLAIM_TTL_MS = 5 * 60 * 1000;

/** Takes the member's cancellation claim in a transaction, or throws RequestInProgressError. */
async function claimCancellation(db: Firestore, memberId: string, now: Date): Promise<() => Promise<void>> {
  const ref = db.collection(MEMBER_WRITES).doc(memberId);
  await db.runTransaction(async (transaction) => {
    const claimed = (await transaction.get(ref)).get('cancellationSince') as string | undefined;
    if (claimed && Date.parse(claimed) > now.getTime() - CLAIM_TTL_MS) throw new RequestInProgressError();
    transaction.set(ref, { cancellationSince: now.toISOString() });
  });
  return async () => {
    await ref.delete().catch((error: Error) => logger.warn('releasing a cancellation claim failed', { memberId, reason: error.message }));
  };
}

/**
 * Records a cancellation request once. The claim keeps two requests of one member from running
 * at once; AppSheet's own row (read first) tells whether an earlier request, whose Firestore
 * write may have failed, already recorded one: then its date and reason stay as they are, and
 * the document is repaired from the row.
 */
export async function requestCancellation(
  db: Firestore,
  appSheet: AppSheetClient,
  member: DocumentSnapshot,
  reason: string | undefined,
  now = new Date(),
) {
  const release = await claimCancellation(db, member.id, now);
  try {
    let rows: AppSheetRow[];
    try {
      rows = await appSheet.find(members.appSheetTable, filter(members.appSheetTable, keyIn(members.keyColumn, [member.id])));
    } catch (error) {
      throw new AppSheetWriteError((error as Error).message);
    }
    const current = mapAnswer(rows, member.id);
    if (current?.doc.cancellationRequested === true) {
      await storeMember(member, current.doc, current.changedAt ?? now.toISOString(), now);
      throw new AlreadyRequestedError(current.doc.cancellationRequestedAt);
    }
    return await writeMember(
      appSheet,
      member,
      {
        cancellationRequested: 'Y',
        cancellationRequestedAt: formatAppSheetDateTime(now),
        cancellationReason: reason ?? '',
      },
      now,
    );
  } finally {
    await release();
  }
}
