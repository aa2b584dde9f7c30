/**
 * The office's collection runs (previewCollection, announceCollection, fileCollection,
 * removeFromCollection, recordDebitReturn; docs/payments.md), with the signed-in admin's ID token.
 */
import type { CollectionRun, Debit, previewCollectionAnswer } from '@family-portal/contract';
import type * as z from 'zod/mini';
import { callFunction } from './client';
import { currentIdToken } from './idToken';

export type CollectionPreview = z.infer<typeof previewCollectionAnswer>['data'];

/** Who a run on this date would collect from, and how much; refuses a date the rules do not allow (its data names the first possible one). */
export async function previewCollection(collectionDate: string): Promise<CollectionPreview> {
  const { data } = await callFunction('previewCollection', (schemas) => schemas.previewCollectionAnswer, { body: { collectionDate }, idToken: currentIdToken });
  return data;
}

/** Freezes the amounts and e-mails each family; a retry with the same key answers with the run made before. */
export async function announceCollection(body: { collectionDate: string; purpose: string; leaveOut: string[]; idempotencyKey: string }): Promise<CollectionRun> {
  const { data } = await callFunction('announceCollection', (schemas) => schemas.collectionRunAnswer, { body, idToken: currentIdToken });
  return data.run;
}

/** The bank's file of a run (made once; the same file every time after): the run is filed. */
export async function fileCollection(runId: string): Promise<{ fileName: string; xml: string; run: CollectionRun }> {
  const { data } = await callFunction('fileCollection', (schemas) => schemas.collectionFileAnswer, { body: { runId }, idToken: currentIdToken });
  return data;
}

/** Takes a family out of a run whose file is not made yet: its debit, withdrawn. */
export async function removeFromCollection(runId: string, memberId: string): Promise<Debit> {
  const { data } = await callFunction('removeFromCollection', (schemas) => schemas.debitAnswer, { body: { runId, memberId }, idToken: currentIdToken });
  return data;
}

/** The bank returned a debit with this reason code: the debit, returned. */
export async function recordDebitReturn(endToEndId: string, reason: string): Promise<Debit> {
  const { data } = await callFunction('recordDebitReturn', (schemas) => schemas.debitAnswer, { body: { endToEndId, reason }, idToken: currentIdToken });
  return data;
}
