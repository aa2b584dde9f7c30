/**
 * A notice withdrawn while its copies are still being written, against the Firestore emulator:
 * the delivery is held between its batches (publishNotice's test hook) while the withdrawal runs
 * to its end, so the race is the same every run. No copy may be left, whichever batches had
 * committed before the withdrawal, and the send answers with the notice as withdrawn.
 */
import { ADMIN_AUDIT, NOTICE_DELIVERIES, NOTICES } from '@family-portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { noticeIdFor } from '../../functions/src/notices/noticeRecord';
import { publishNotice, type NewNotice } from '../../functions/src/notices/publishNotice';
import { withdrawNotice } from '../../functions/src/notices/withdrawNotice';
import { emulatorAdmin } from '../../tools/lib/emulators';

const { db } = emulatorAdmin();
const ADMIN = 'withdrawal-race@example.com';
/** Families enough for three batches of copies (500 a commit): the last ones still to come when the notice is withdrawn. */
const FAMILIES = Array.from({ length: 1200 }, (_, n) => `M-WD-${String(n).padStart(4, '0')}`);
const noticeIds: string[] = [];

const copiesOf = async (noticeId: string) => (await db.collection(NOTICE_DELIVERIES).where('noticeId', '==', noticeId).count().get()).data().count;

function newNotice(key: string): NewNotice {
  return {
    kind: 'notice',
    texts: { de: { title: 'Elternabend', body: 'Am Freitag um 18 Uhr.' } },
    languages: ['de'],
    audience: { memberIds: FAMILIES, stored: { kind: 'all' }, summary: { kind: 'all' } },
    cancellation: null,
    idempotencyKey: key,
  };
}

afterAll(async () => {
  const writer = db.bulkWriter();
  for (const noticeId of noticeIds) {
    const [copies, audit] = await Promise.all([NOTICE_DELIVERIES, ADMIN_AUDIT].map((name) => db.collection(name).where('noticeId', '==', noticeId).select().get()));
    for (const doc of [...copies!.docs, ...audit!.docs]) void writer.delete(doc.ref);
    void writer.delete(db.doc(`${NOTICES}/${noticeId}`));
  }
  await writer.close();
});

describe('a notice withdrawn while its copies are written', () => {
  it.each([1, 2])('keeps no copy when the withdrawal runs before batch %i of 3', async (batch) => {
    const key = `withdrawal-race-${batch}-${Date.now()}`;
    const noticeId = noticeIdFor('notice', ADMIN, key);
    noticeIds.push(noticeId);
    let withdrawn = false;
    const sent = await publishNotice(db, ADMIN, newNotice(key), new Date(), {
      beforeBatch: async (index) => {
        if (index !== batch) return;
        await withdrawNotice(db, ADMIN, noticeId);
        withdrawn = true;
      },
    });
    expect(withdrawn).toBe(true);
    expect(await copiesOf(noticeId)).toBe(0);
    expect(sent.notice).toMatchObject({ id: noticeId, recipients: FAMILIES.length, withdrawnBy: ADMIN, withdrawnAt: expect.any(String) });
  });

  it('writes every copy of a notice nobody withdraws', async () => {
    const key = `withdrawal-none-${Date.now()}`;
    const sent = await publishNotice(db, ADMIN, newNotice(key));
    noticeIds.push(sent.notice.id);
    expect(await copiesOf(sent.notice.id)).toBe(FAMILIES.length);
    expect(sent.notice.withdrawnAt).toBeNull();
  });
});
