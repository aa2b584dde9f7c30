// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useData } from './DataProvider';
import { loadFamilyData } from './familyData';
import { DOCUMENT_SCHEMAS, SYNC_FRESHNESS_PATH, syncFreshnessSchema } from '@family-portal/contract';
import { annaMember } from '../test/fixtures';
import { INVALID_DATA_MESSAGE } from './loadErrors';
import { createQueries, DataLoadError } from './queries';

const member = { ...annaMember, id: 'M1', primaryEmail: 'anna@example.com' };
const child = (id: string) => ({ id, memberId: 'M1', name: `Kind ${id}`, birthday: null, age: null, class: null, notes: null, createdAt: null, status: 'active' });

/**
 * A stand-in for the Firestore module that records the reads it is asked for. `results` holds
 * documents by collection; member_emails entries are keyed by e-mail.
 */
function fakeFirestore(results: Record<string, Array<Record<string, unknown>>>, failing?: string) {
  const calls: Array<{ collection: string; constraints: unknown[] }> = [];
  const fs = {
    collection: (_db: unknown, name: string) => ({ name }),
    doc: (_db: unknown, name: string, id: string) => ({ name, id }),
    getDoc: async (ref: { name: string; id: string }) => {
      calls.push({ collection: ref.name, constraints: [{ id: ref.id }] });
      if (ref.name === failing) throw new Error('permission-denied');
      const found = (results[ref.name] ?? []).find((candidate) => candidate.id === ref.id);
      const { id: _id, ...data } = found ?? {};
      return { id: ref.id, exists: () => !!found, data: () => (found ? data : undefined), get: (field: string) => (found ? data[field] : undefined) };
    },
    where: (field: string, op: string, value: unknown) => ({ where: [field, op, value] }),
    orderBy: (field: string, direction: string) => ({ orderBy: [field, direction] }),
    limit: (count: number) => ({ limit: count }),
    query: (ref: { name: string }, ...constraints: unknown[]) => ({ name: ref.name, constraints }),
    documentId: () => 'documentId()',
    getDocs: async (q: { name: string; constraints: unknown[] }) => {
      calls.push({ collection: q.name, constraints: q.constraints });
      if (q.name === failing) throw new Error('permission-denied');
      // Honours the filters the data layer uses: ==, and in (also on the document id).
      const matches = (candidate: Record<string, unknown>) =>
        q.constraints.every((constraint) => {
          if (!constraint || typeof constraint !== 'object' || !('where' in constraint)) return true;
          const [field, op, value] = (constraint as { where: [string, string, unknown] }).where;
          const actual = field === 'documentId()' ? candidate.id : candidate[field];
          return op === 'in' ? (value as unknown[]).includes(actual) : actual === value;
        });
      return { docs: (results[q.name] ?? []).filter(matches).map(({ id, ...data }) => ({ id, data: () => data })) };
    },
  };
  return { fs: fs as unknown as typeof import('firebase/firestore'), calls };
}

/** The fake's reads of one collection wait until released (`getDoc` or `getDocs`). */
function holding(fs: typeof import('firebase/firestore'), read: 'getDoc' | 'getDocs', collection: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const original = fs[read] as unknown as (ref: { name: string }) => Promise<unknown>;
  const wrapped = async (ref: { name: string }) => {
    if (ref.name === collection) await held;
    return original(ref);
  };
  return { fs: { ...fs, [read]: wrapped } as typeof fs, release };
}

describe('data layer queries (spec section 7)', () => {
  it("finds the member through the e-mail index, its family by memberId (payments by date, newest first) and plans in batches of 10", async () => {
    const children = Array.from({ length: 23 }, (_, i) => child(`C${i}`));
    const { fs, calls } = fakeFirestore({
      member_emails: [{ id: 'anna@example.com', memberId: 'M1' }],
      members: [member],
      children,
    });
    const data = await loadFamilyData(createQueries(fs, {} as never, DOCUMENT_SCHEMAS), ' Anna@Example.com ');
    expect(data.member).toEqual(member);
    expect(data.children).toEqual(children);
    const of = (name: string) => calls.filter((call) => call.collection === name).map((call) => call.constraints);
    expect(of('member_emails')).toEqual([[{ id: 'anna@example.com' }]]);
    expect(of('members')).toEqual([[{ id: 'M1' }]]);
    expect(of('children')).toEqual([[{ where: ['memberId', '==', 'M1'] }]]);
    expect(of('payments')).toEqual([[{ where: ['memberId', '==', 'M1'] }, { orderBy: ['date', 'desc'] }]]);
    expect(of('otherPayments')).toEqual([[{ where: ['memberId', '==', 'M1'] }, { orderBy: ['date', 'desc'] }]]);
    const planBatches = of('plans').map(([family, batch]) => {
      expect(family).toEqual({ where: ['memberId', '==', 'M1'] });
      return (batch as { where: [string, string, string[]] }).where;
    });
    expect(planBatches.map(([field, op, ids]) => [field, op, ids.length])).toEqual([
      ['childId', 'in', 10],
      ['childId', 'in', 10],
      ['childId', 'in', 3],
    ]);
    expect(of('quarters')).toEqual([[]]);
    // No plans, so nothing of the timetable is read.
    for (const name of ['teachers', 'lessons', 'roomHours']) expect(of(name)).toEqual([]);
  });

  it('reads only the lessons, room hours and teachers the plans point to, one document each', async () => {
    const children = [child('C1'), child('C2')];
    // 35 lessons, each taught by one of two teachers, with one room hour each.
    const lessons = Array.from({ length: 35 }, (_, i) => ({ id: `L${i}`, name: `Kurs ${i}`, teacherId: `T${i % 2}`, hours: null, pricePerHour: 10, extrasPerQuarter: 0, whatsappGroup: null }));
    const plans = lessons.map((lesson, i) => ({ id: `PL${i}`, memberId: 'M1', childId: i % 2 ? 'C2' : 'C1', quarterId: 'Q1', lessonId: lesson.id, weeks: 10, roomHourIds: [`RH${i}`], paid: 0, balance: 0 }));
    const roomHours = lessons.map((lesson, i) => ({ id: `RH${i}`, lessonId: lesson.id, dayOfWeek: 'Mo.', hourRefLabel: '1', roomName: null }));
    const { fs, calls } = fakeFirestore({
      member_emails: [{ id: 'anna@example.com', memberId: 'M1' }],
      members: [member],
      children,
      plans,
      // The school's other lessons, teachers and room hours are never asked for.
      lessons: [...lessons, { ...lessons[0]!, id: 'L-other', teacherId: 'T-other' }],
      teachers: [{ id: 'T0', name: 'Frau Null' }, { id: 'T1', name: 'Herr Eins' }, { id: 'T-other', name: 'Fremd' }],
      roomHours: [...roomHours, { ...roomHours[0]!, id: 'RH-other' }],
    });
    const data = await loadFamilyData(createQueries(fs, {} as never, DOCUMENT_SCHEMAS), 'anna@example.com');
    expect(data.lessons.map((lesson) => lesson.id).sort()).toEqual(lessons.map((lesson) => lesson.id).sort());
    expect(data.roomHours).toHaveLength(35);
    expect(data.teachers.map((teacher) => teacher.name).sort()).toEqual(['Frau Null', 'Herr Eins']);
    // One get per document (the rules refuse a member's list of the timetable), each asked once.
    const gets = (name: string) => calls.filter((call) => call.collection === name).map(({ constraints }) => (constraints[0] as { id: string }).id).sort();
    expect(gets('lessons')).toEqual(lessons.map((lesson) => lesson.id).sort());
    expect(gets('roomHours')).toEqual(roomHours.map((roomHour) => roomHour.id).sort());
    expect(gets('teachers')).toEqual(['T0', 'T1']);
  });

  it('reads the member and its family at once, by the index entry, without waiting for the member document', async () => {
    const { fs, calls } = fakeFirestore({ member_emails: [{ id: 'anna@example.com', memberId: 'M1' }], members: [member], children: [child('C1')] });
    const memberHeld = holding(fs, 'getDoc', 'members');
    const loading = loadFamilyData(createQueries(memberHeld.fs, {} as never, DOCUMENT_SCHEMAS), 'anna@example.com');
    await vi.waitFor(() => expect(calls.map((call) => call.collection)).toEqual(expect.arrayContaining(['children', 'payments', 'otherPayments', 'quarters'])));
    expect(calls.map((call) => call.collection)).not.toContain('members');
    memberHeld.release();
    expect((await loading).children).toEqual([child('C1')]);
  });

  it('reads the plans and their lessons as soon as the children are known, while the payments are still on their way', async () => {
    const { fs, calls } = fakeFirestore({
      member_emails: [{ id: 'anna@example.com', memberId: 'M1' }],
      members: [member],
      children: [child('C1')],
      plans: [{ id: 'PL1', memberId: 'M1', childId: 'C1', quarterId: 'Q1', lessonId: 'L1', weeks: 10, roomHourIds: [], paid: 0, balance: 0 }],
      payments: [],
    });
    const payments = holding(fs, 'getDocs', 'payments');
    const handed = vi.fn();
    const loading = loadFamilyData(createQueries(payments.fs, {} as never, DOCUMENT_SCHEMAS), 'anna@example.com', handed);
    await vi.waitFor(() => expect(calls.map((call) => call.collection)).toEqual(expect.arrayContaining(['plans', 'lessons'])));
    expect(handed).not.toHaveBeenCalled(); // the dashboard shows the payments too
    payments.release();
    expect((await loading).plans).toHaveLength(1);
    expect(handed).toHaveBeenCalledOnce();
  });

  it('hands over the family with its lessons before the teachers are read; room hours and teachers follow', async () => {
    const lesson = { id: 'L1', name: 'Mathe', teacherId: 'T1', hours: null, pricePerHour: 10, extrasPerQuarter: 0, whatsappGroup: null };
    const { fs, calls } = fakeFirestore({
      member_emails: [{ id: 'anna@example.com', memberId: 'M1' }],
      members: [member],
      children: [child('C1')],
      plans: [{ id: 'PL1', memberId: 'M1', childId: 'C1', quarterId: 'Q1', lessonId: 'L1', weeks: 10, roomHourIds: ['RH1'], paid: 0, balance: 0 }],
      lessons: [lesson],
      teachers: [{ id: 'T1', name: 'Frau Eins' }],
      roomHours: [{ id: 'RH1', lessonId: 'L1', dayOfWeek: 'Mo.', hourRefLabel: '1', roomName: null }],
    });
    const handed: Array<{ lessons: number; teachers: number; roomHours: number; teachersAsked: boolean }> = [];
    const data = await loadFamilyData(createQueries(fs, {} as never, DOCUMENT_SCHEMAS), 'anna@example.com', (family) =>
      handed.push({
        lessons: family.lessons.length,
        teachers: family.teachers.length,
        roomHours: family.roomHours.length,
        teachersAsked: calls.some((call) => call.collection === 'teachers'),
      }),
    );
    expect(handed).toEqual([{ lessons: 1, teachers: 0, roomHours: 0, teachersAsked: false }]);
    expect(data.teachers).toEqual([{ id: 'T1', name: 'Frau Eins' }]);
    expect(data.roomHours).toHaveLength(1);
  });

  it("reads the time of the last successful sync beside the family; an unreadable one labels nothing and fails nothing", async () => {
    const freshness = { path: SYNC_FRESHNESS_PATH, schema: syncFreshnessSchema };
    const family = { member_emails: [{ id: 'anna@example.com', memberId: 'M1' }], members: [member] };
    const { fs, calls } = fakeFirestore({ ...family, sync_metadata: [{ id: 'public', lastSuccessfulSyncAt: '2026-11-21T02:00:00.000Z' }] });
    expect((await loadFamilyData(createQueries(fs, {} as never, DOCUMENT_SCHEMAS, freshness), 'anna@example.com')).lastSuccessfulSyncAt).toBe('2026-11-21T02:00:00.000Z');
    expect(calls.filter((call) => call.collection === 'sync_metadata')).toEqual([{ collection: 'sync_metadata', constraints: [{ id: 'public' }] }]);

    const denied = fakeFirestore(family, 'sync_metadata');
    const data = await loadFamilyData(createQueries(denied.fs, {} as never, DOCUMENT_SCHEMAS, freshness), 'anna@example.com');
    expect(data.member).toEqual(member);
    expect(data.lastSuccessfulSyncAt).toBeNull();
    const garbled = fakeFirestore({ ...family, sync_metadata: [{ id: 'public', lastSuccessfulSyncAt: 'yesterday' }] });
    expect((await loadFamilyData(createQueries(garbled.fs, {} as never, DOCUMENT_SCHEMAS, freshness), 'anna@example.com')).lastSuccessfulSyncAt).toBeNull();
  });

  it('reads nothing but its own index entry when the e-mail belongs to no member (the rules deny the rest)', async () => {
    const { fs, calls } = fakeFirestore({ members: [{ id: 'M1', primaryEmail: 'nobody@example.com' }] });
    const data = await loadFamilyData(createQueries(fs, {} as never, DOCUMENT_SCHEMAS), 'nobody@example.com');
    expect(data.member).toBeNull();
    expect(calls.map((call) => call.collection)).toEqual(['member_emails']);
  });

  it.each([
    ['member_emails', 'Failed to fetch member data'],
    ['members', 'Failed to fetch member data'],
    ['children', 'Failed to fetch children'],
    ['payments', 'Failed to fetch payments'],
    ['otherPayments', 'Failed to fetch other payments'],
    ['plans', 'Failed to fetch plans'],
    ['quarters', 'Failed to fetch quarters'],
    ['teachers', 'Failed to fetch teachers'],
    ['lessons', 'Failed to fetch lessons'],
    ['roomHours', 'Failed to fetch room hours'],
  ])('reports a failed read of %s with the spec message', async (collection, message) => {
    const { fs } = fakeFirestore(
      {
        member_emails: [{ id: 'anna@example.com', memberId: 'M1' }],
        members: [member],
        children: [child('C1')],
        plans: [{ id: 'PL1', memberId: 'M1', childId: 'C1', quarterId: 'Q1', lessonId: 'L1', weeks: 10, roomHourIds: ['RH1'], paid: 0, balance: 0 }],
        lessons: [{ id: 'L1', name: 'Mathe', teacherId: 'T1', hours: null, pricePerHour: 10, extrasPerQuarter: 0, whatsappGroup: null }],
      },
      collection,
    );
    const failure = loadFamilyData(createQueries(fs, {} as never, DOCUMENT_SCHEMAS), 'anna@example.com');
    await expect(failure).rejects.toBeInstanceOf(DataLoadError);
    await expect(failure).rejects.toThrow(message);
  });

  it('reports a document that does not fit the contract as a data error, never as a half-read record', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fs } = fakeFirestore({
      member_emails: [{ id: 'anna@example.com', memberId: 'M1' }],
      members: [member],
      children: [child('C1')],
      payments: [{ id: 'P1', memberId: 'M1', date: '2026-11-01', amount: '12,50', type: 'bank', direction: 'IN' }],
    });
    const failure = loadFamilyData(createQueries(fs, {} as never, DOCUMENT_SCHEMAS), 'anna@example.com');
    await expect(failure).rejects.toThrow(INVALID_DATA_MESSAGE);
    // Which document and field, for the office; never the values.
    expect(error).toHaveBeenCalledWith('A stored document does not match the contract', 'payments/P1: amount: invalid_type');
  });

  it('fills what older documents lack with the contract defaults', async () => {
    const { id: _id, cancellationReason: _reason, childrenBalance: _balance, ...older } = member;
    const { fs } = fakeFirestore({ member_emails: [{ id: 'anna@example.com', memberId: 'M1' }], members: [{ id: 'M1', ...older }] });
    const data = await loadFamilyData(createQueries(fs, {} as never, DOCUMENT_SCHEMAS), 'anna@example.com');
    expect(data.member).toEqual({ ...member, cancellationReason: null, childrenBalance: 0 });
  });

  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useData())).toThrow('useData must be used inside <DataProvider>');
  });
});

