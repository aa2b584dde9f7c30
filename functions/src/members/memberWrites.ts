/**
 * The two changes a parent may make, written to AppSheet first (the source of truth) and then
 * to Firestore, so that the next sync never undoes them. If AppSheet refuses, nothing changes.
 */
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { formatAppSheetDateTime, type AppSheetClient } from '../sync/appsheetClient';
import { contentHash, HASH_FIELD, SYNCED_AT_FIELD } from '../sync/contentHash';
import { mapRow, type AppSheetRow, type SyncedDocument } from '../sync/schema';
import { TABLES } from '../sync/tables';

/** The contact fields a parent may edit (spec section 5). */
export const EDITABLE_FIELDS = ['primaryName', 'secondaryName', 'phone', 'phone2', 'address'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

export class AppSheetWriteError extends Error {}

const members = TABLES.members;
const columnOf = (field: string): string => {
  const spec = members.fields.find((candidate) => candidate.field === field);
  if (!spec) throw new Error(`members has no field ${field}`);
  return spec.column;
};

/** Writes the changed columns of one member to AppSheet, then the resulting document to Firestore. */
async function writeMember(
  appSheet: AppSheetClient,
  member: DocumentSnapshot,
  changes: Record<string, string>,
  now: Date,
): Promise<SyncedDocument & { id: string }> {
  const row: AppSheetRow = { [members.keyColumn]: member.id };
  for (const [field, value] of Object.entries(changes)) row[columnOf(field)] = value;
  let answer: AppSheetRow[];
  try {
    answer = await appSheet.edit(members.appSheetTable, [row]);
  } catch (error) {
    throw new AppSheetWriteError((error as Error).message);
  }
  // Store exactly what the next sync would store: AppSheet's answer, mapped by the contract.
  const returned = answer.find((candidate) => String(candidate[members.keyColumn] ?? '').trim() === member.id);
  const mapped = returned ? mapRow(members, returned) : null;
  let doc: SyncedDocument;
  if (mapped?.ok) {
    doc = mapped.doc;
  } else {
    const current = Object.fromEntries(Object.entries(member.data() ?? {}).filter(([key]) => !key.startsWith('_'))) as SyncedDocument;
    doc = { ...current, ...changesAsStored(changes, now) };
  }
  await member.ref.set({ ...doc, [HASH_FIELD]: contentHash(doc), [SYNCED_AT_FIELD]: now.toISOString() });
  return { id: member.id, ...doc };
}

/** Our own fallback conversion for the few columns we write, matching values.ts. */
function changesAsStored(changes: Record<string, string>, now: Date): SyncedDocument {
  const stored: SyncedDocument = {};
  for (const [field, value] of Object.entries(changes)) {
    if (field === 'cancellationRequested') stored[field] = value === 'Y';
    else if (field === 'cancellationRequestedAt') stored[field] = value === '' ? null : now.toISOString();
    else stored[field] = value.trim() === '' ? null : value.trim();
  }
  return stored;
}

export function updateContactData(appSheet: AppSheetClient, member: DocumentSnapshot, updates: Partial<Record<EditableField, string>>, now = new Date()) {
  return writeMember(appSheet, member, updates as Record<string, string>, now);
}

export function requestCancellation(appSheet: AppSheetClient, member: DocumentSnapshot, reason: string | undefined, now = new Date()) {
  return writeMember(
    appSheet,
    member,
    {
      cancellationRequested: 'Y',
      cancellationRequestedAt: formatAppSheetDateTime(now),
      cancellationReason: reason ?? '',
    },
    now,
  );
}
