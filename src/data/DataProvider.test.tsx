// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useData } from './DataProvider';
import { loadCorrespondence, loadFamilyData } from './familyData';
import * as contract from '@family-portal/contract';
import { annaMember } from '../test/fixtures';
import { INVALID_DATA_MESSAGE } from './loadErrors';
import { CANCELLATIONS_READ, CORRESPONDENCE_REFUSED, NOTICES_LOAD_ERROR } from './notices';
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
      calls.push({ collection: q.name, constraints: q.constraints ?? [] });
      if (q.name === failing) throw new Error('permission-denied');
      // Honours the filters the data layer uses: ==, and in (also on the document id).
      const matches = (candidate: Record<string, unknown>) =>
        (q.constraints ?? []).every((constraint) => {
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

/** The fake's reads (`getDoc` and `getDocs`) of every collection but `free` wait until released; `asked` lists every read as it is asked. */
function holdingAllBut(fs: typeof import('firebase/firestore'), free: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  const wrap = (read: 'getDoc' | 'getDocs') => {
    const original = fs[read] as unknown as (ref: { name: string }) => Promise<unknown>;
    return async (ref: { name: string }) => {
      asked.push(ref.name);
      if (ref.name !== free) await held;
      return original(ref);
    };
  };
  return { fs: { ...fs, getDoc: wrap('getDoc'), getDocs: wrap('getDocs') } as unknown as typeof fs, release, asked };
}

const plan = (id: string, childId: string, lessonId = 'L1') => ({ id, memberId: 'M1', childId, quarterId: 'Q1', lessonId, weeks: 10, roomHourIds: ['RH1'], paid: 0, balance: 0 });
const lesson = { id: 'L1', name: 'Mathe', teacherId: 'T1', hours: null, pricePerHour: 10, extrasPerQuarter: 0, whatsappGroup: 'https://chat.example/mathe' };
const roomHour = { id: 'RH1', lessonId: 'L1', dayOfWeek: 'Mo.', hourRefLabel: '1', roomName: null };
const teacher = { id: 'T1', name: 'Frau Eins' };
/** member_references/M1 as the sync writes it: the ids, and copies of what the plans point to. */
const timetable = { id: 'M1', planIds: ['PL1'], lessonIds: ['L1'], roomHourIds: ['RH1'], teacherIds: ['T1'], lessons: [lesson], roomHours: [roomHour], teachers: [teacher] };

describe('data layer queries (spec section 7)', () => {
  it('finds the member through the e-mail index, then reads its family by memberId: payments by date, newest first, and plans at once', async () => {
    const children = Array.from({ length: 23 }, (_, i) => child(`C${i}`));
    const { fs, calls } = fakeFirestore({
      member_emails: [{ id: 'anna@example.com', memberId: 'M1' }],
      members: [member],
      children,
      plans: children.map((kid, i) => plan(`PL${i}`, kid.id)),
    });
    const data = await loadFamilyData(createQueries(fs, {} as never, contract), ' Anna@Example.com ');
    expect(data.member).toEqual(member);
    expect(data.children).toEqual(children);
    expect(data.plans).toHaveLength(23);
    const of = (name: string) => calls.filter((call) => call.collection === name).map((call) => call.constraints);
    expect(of('member_emails')).toEqual([[{ id: 'anna@example.com' }]]);
    expect(of('members')).toEqual([[{ id: 'M1' }]]);
    expect(of('children')).toEqual([[{ where: ['memberId', '==', 'M1'] }]]);
    expect(of('plans')).toEqual([[{ where: ['memberId', '==', 'M1'] }]]);
    expect(of('payments')).toEqual([[{ where: ['memberId', '==', 'M1'] }, { orderBy: ['date', 'desc'] }]]);
    expect(of('otherPayments')).toEqual([[{ where: ['memberId', '==', 'M1'] }, { orderBy: ['date', 'desc'] }]]);
    expect(of('quarters')).toEqual([[]]);
    expect(of('member_references')).toEqual([[{ id: 'M1' }]]);
    // The correspondence is read after the figures (loadCorrespondence).
    expect(of('notice_deliveries')).toEqual([]);
    expect(of('absences')).toEqual([]);
    // Members cannot read the timetable's collections (firestore.rules); the family's copy is enough.
    for (const name of ['teachers', 'lessons', 'roomHours']) expect(of(name)).toEqual([]);
  });

  it('asks for everything after the index entry at once: two round trips, none waiting for another', async () => {
    const { fs } = fakeFirestore({
      member_emails: [{ id: 'anna@example.com', memberId: 'M1' }],
      members: [member],
      children: [child('C1')],
      plans: [plan('PL1', 'C1')],
      member_references: [timetable],
    });
    const held = holdingAllBut(fs, 'member_emails');
    const loading = loadFamilyData(createQueries(held.fs, {} as never, contract), 'anna@example.com');
    // The notices twice: the dashboard's newest, and the cancelled lessons for the plans page.
    const afterTheIndex = ['members', 'children', 'plans', 'payments', 'otherPayments', 'quarters', 'member_references', 'sync_metadata', 'school_calendar'];
    // No answer has come, yet every read has been asked for.
    await vi.waitFor(() => expect([...held.asked].sort()).toEqual(['member_emails', ...afterTheIndex].sort()));
    held.release();
    const data = await loading;
    expect(data.plans).toEqual([plan('PL1', 'C1')]);
    expect(data.lessons).toEqual([lesson]);
  });

  it("asks for the correspondence in the figures' round trip when told to (from the device's cache)", async () => {
    const { fs } = fakeFirestore({ member_emails: [{ id: 'anna@example.com', memberId: 'M1' }], members: [member], member_references: [timetable] });
    const held = holdingAllBut(fs, 'member_emails');
    const loading = loadFamilyData(createQueries(held.fs, {} as never, contract), 'anna@example.com', { withCorrespondence: true });
    // The notices twice: the dashboard's newest, and the cancelled lessons for the plans page.
    const afterTheIndex = ['members', 'children', 'plans', 'payments', 'otherPayments', 'quarters', 'member_references', 'sync_metadata', 'school_calendar', 'notice_deliveries', 'notice_deliveries', 'absences'];
    await vi.waitFor(() => expect([...held.asked].sort()).toEqual(['member_emails', ...afterTheIndex].sort()));
    held.release();
    expect((await loading).member).toEqual(member);
  });

  it("takes the school's closed days from the quarters' calendars, each once, and fails nothing when they cannot be read", async () => {
    const christmas = { id: 'CD1', firstDay: '2026-12-21', lastDay: '2027-01-03', name: 'Weihnachtsferien', lessonId: null, roomHourId: null };
    const training = { id: 'CD2', firstDay: '2026-11-12', lastDay: '2026-11-12', name: 'Pädagogischer Tag', lessonId: null, roomHourId: null };
    const quarter = (id: string, firstDay: string, lastDay: string) => ({ id, name: id, firstDay, lastDay });
    const results = {
      member_emails: [{ id: 'anna@example.com', memberId: 'M1' }],
      members: [member],
      school_calendar: [
        { id: 'Q4', quarter: quarter('Q4', '2026-10-01', '2026-12-31'), closedDays: [training, christmas] },
        { id: 'Q1', quarter: quarter('Q1', '2027-01-01', '2027-03-31'), closedDays: [christmas] },
      ],
    };
    const read = await loadFamilyData(createQueries(fakeFirestore(results).fs, {} as never, contract), 'anna@example.com');
    expect(read.closedDays).toEqual([training, christmas]);
    const denied = await loadFamilyData(createQueries(fakeFirestore(results, 'school_calendar').fs, {} as never, contract), 'anna@example.com');
    expect(denied.member).toEqual(member);
    expect(denied.closedDays).toBeNull();
  });

  it("takes the lessons, room hours and teachers from the family's timetable, and leaves out a plan of a child no longer listed", async () => {
    const { fs } = fakeFirestore({
      member_emails: [{ id: 'anna@example.com', memberId: 'M1' }],
      members: [member],
      children: [child('C1')],
      plans: [plan('PL1', 'C1'), plan('PL2', 'C-gone')],
      member_references: [timetable],
    });
    const data = await loadFamilyData(createQueries(fs, {} as never, contract), 'anna@example.com');
    expect(data.plans.map((p) => p.id)).toEqual(['PL1']);
    expect(data.lessons).toEqual([lesson]);
    expect(data.roomHours).toEqual([roomHour]);
    expect(data.teachers).toEqual([teacher]);
  });

  it('a family without a timetable (no plans yet) reads none, and fails nothing', async () => {
    const { fs } = fakeFirestore({ member_emails: [{ id: 'anna@example.com', memberId: 'M1' }], members: [member], children: [child('C1')] });
    const data = await loadFamilyData(createQueries(fs, {} as never, contract), 'anna@example.com');
    expect(data.member).toEqual(member);
    expect({ lessons: data.lessons, roomHours: data.roomHours, teachers: data.teachers }).toEqual({ lessons: [], roomHours: [], teachers: [] });
  });

  it('a timetable this device has not kept while offline leaves the courses without details; the family still shows', async () => {
    const { fs } = fakeFirestore({ member_emails: [{ id: 'anna@example.com', memberId: 'M1' }], members: [member], children: [child('C1')], plans: [plan('PL1', 'C1')] });
    const offline = {
      ...fs,
      getDoc: async (ref: { name: string }) => {
        if (ref.name === 'member_references') throw Object.assign(new Error('Failed to get document from cache'), { code: 'unavailable' });
        return (fs.getDoc as unknown as (ref: { name: string }) => Promise<unknown>)(ref);
      },
    } as unknown as typeof fs;
    const data = await loadFamilyData(createQueries(offline, {} as never, contract), 'anna@example.com');
    expect(data.plans).toHaveLength(1);
    expect(data.lessons).toEqual([]);
  });

  it("reads the time of the last successful sync beside the family; an unreadable one labels nothing and fails nothing", async () => {
    const family = { member_emails: [{ id: 'anna@example.com', memberId: 'M1' }], members: [member] };
    const { fs, calls } = fakeFirestore({ ...family, sync_metadata: [{ id: 'public', lastSuccessfulSyncAt: '2026-11-21T02:00:00.000Z' }] });
    expect((await loadFamilyData(createQueries(fs, {} as never, contract), 'anna@example.com')).lastSuccessfulSyncAt).toBe('2026-11-21T02:00:00.000Z');
    expect(calls.filter((call) => call.collection === 'sync_metadata')).toEqual([{ collection: 'sync_metadata', constraints: [{ id: 'public' }] }]);

    const denied = fakeFirestore(family, 'sync_metadata');
    const data = await loadFamilyData(createQueries(denied.fs, {} as never, contract), 'anna@example.com');
    expect(data.member).toEqual(member);
    expect(data.lastSuccessfulSyncAt).toBeNull();
    const garbled = fakeFirestore({ ...family, sync_metadata: [{ id: 'public', lastSuccessfulSyncAt: 'yesterday' }] });
    expect((await loadFamilyData(createQueries(garbled.fs, {} as never, contract), 'anna@example.com')).lastSuccessfulSyncAt).toBeNull();
  });

  it('reads nothing but its own index entry when the e-mail belongs to no member (the rules deny the rest)', async () => {
    const { fs, calls } = fakeFirestore({ members: [{ id: 'M1', primaryEmail: 'nobody@example.com' }] });
    const data = await loadFamilyData(createQueries(fs, {} as never, contract), 'nobody@example.com');
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
    ['member_references', 'Failed to fetch lessons'],
  ])('reports a failed read of %s with the spec message', async (collection, message) => {
    const { fs } = fakeFirestore(
      {
        member_emails: [{ id: 'anna@example.com', memberId: 'M1' }],
        members: [member],
        children: [child('C1')],
        plans: [plan('PL1', 'C1')],
        member_references: [timetable],
      },
      collection,
    );
    const failure = loadFamilyData(createQueries(fs, {} as never, contract), 'anna@example.com');
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
    const failure = loadFamilyData(createQueries(fs, {} as never, contract), 'anna@example.com');
    await expect(failure).rejects.toThrow(INVALID_DATA_MESSAGE);
    // Which document and field, for the office; never the values.
    expect(error).toHaveBeenCalledWith('A stored document does not match the contract', 'payments/P1: amount: invalid_type');
  });

  it('reports a timetable that does not fit the contract as a data error, naming the copied field', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fs } = fakeFirestore({
      member_emails: [{ id: 'anna@example.com', memberId: 'M1' }],
      members: [member],
      member_references: [{ ...timetable, lessons: [{ ...lesson, pricePerHour: '10 €' }] }],
    });
    await expect(loadFamilyData(createQueries(fs, {} as never, contract), 'anna@example.com')).rejects.toThrow(INVALID_DATA_MESSAGE);
    expect(error).toHaveBeenCalledWith('A stored document does not match the contract', 'member_references/M1: lessons.0.pricePerHour: invalid_type');
  });

  it('fills what older documents lack with the contract defaults', async () => {
    const { id: _id, cancellationReason: _reason, childrenBalance: _balance, ...older } = member;
    const { fs } = fakeFirestore({ member_emails: [{ id: 'anna@example.com', memberId: 'M1' }], members: [{ id: 'M1', ...older }] });
    const data = await loadFamilyData(createQueries(fs, {} as never, contract), 'anna@example.com');
    expect(data.member).toEqual({ ...member, cancellationReason: null, childrenBalance: 0 });
  });

  it("reads the family's notices, cancelled lessons and absences, parsed by the contract", async () => {
    const delivery = (noticeId: string, kind: 'notice' | 'cancellation') => ({
      noticeId, memberId: 'M1', kind, sentAt: '2026-11-20T08:00:00.000Z', texts: { de: { title: 'Hallo', body: 'Text' } }, languages: ['de'], readAt: null,
      cancellation: kind === 'notice' ? null : { lessonId: 'L1', lessonName: 'Mathe', date: '2026-12-07', roomHourId: null, reason: 'krank' },
    });
    const absence = { memberId: 'M1', childId: 'C1', lessonIds: ['L1'], from: '2026-12-01', to: '2026-12-02', reason: '', reportedAt: '2026-11-28T08:00:00.000Z', reportedBy: 'anna@example.com' };
    const { fs, calls } = fakeFirestore({
      member_emails: [{ id: 'anna@example.com', memberId: 'M1' }],
      members: [member],
      notice_deliveries: [{ id: 'N1_M1', ...delivery('N1', 'notice') }, { id: 'N2_M1', ...delivery('N2', 'cancellation') }],
      absences: [{ id: 'A1', ...absence }],
    });
    const data = await loadCorrespondence(createQueries(fs, {} as never, contract), 'M1');
    expect(data.notices.map((notice) => notice.noticeId)).toEqual(['N1', 'N2']);
    expect(data.cancellations.map((notice) => notice.noticeId)).toEqual(['N2']);
    expect(data.absences).toEqual([{ id: 'A1', ...absence }]);
    const of = (name: string) => calls.filter((call) => call.collection === name).map((call) => call.constraints);
    expect(of('notice_deliveries')).toEqual([
      [{ where: ['memberId', '==', 'M1'] }, { orderBy: ['sentAt', 'desc'] }, { limit: contract.DASHBOARD_NOTICES }],
      [{ where: ['memberId', '==', 'M1'] }, { where: ['kind', '==', 'cancellation'] }, { orderBy: ['sentAt', 'desc'] }, { limit: CANCELLATIONS_READ }],
    ]);
    expect(of('absences')).toEqual([[{ where: ['memberId', '==', 'M1'] }, { orderBy: ['from', 'asc'] }]]);
    // Only the correspondence: the index entry and the figures are not asked again.
    expect(calls.map((call) => call.collection).sort()).toEqual(['absences', 'notice_deliveries', 'notice_deliveries']);
  });

  it('a family whose membership ended reads no notices (the rules deny them, which the correspondence read reports) and still sees its figures; another failure is the notices message', async () => {
    const family = { member_emails: [{ id: 'anna@example.com', memberId: 'M1' }], members: [member] };
    const denying = (code: string) => {
      const { fs } = fakeFirestore(family);
      const getDocs = fs.getDocs as unknown as (q: { name: string }) => Promise<unknown>;
      return { ...fs, getDocs: (q: { name: string }) => (['notice_deliveries', 'absences'].includes(q.name) ? Promise.reject(Object.assign(new Error(code), { code })) : getDocs(q)) } as unknown as typeof fs;
    };
    const data = await loadFamilyData(createQueries(denying('permission-denied'), {} as never, contract), 'anna@example.com', { withCorrespondence: true });
    expect(data.member).toEqual(member);
    expect([data.notices, data.cancellations, data.absences]).toEqual([[], [], []]);
    await expect(loadCorrespondence(createQueries(denying('permission-denied'), {} as never, contract), 'M1')).rejects.toThrow(CORRESPONDENCE_REFUSED);
    await expect(loadCorrespondence(createQueries(denying('unavailable'), {} as never, contract), 'M1')).rejects.toThrow(NOTICES_LOAD_ERROR);
  });

  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useData())).toThrow('useData must be used inside <DataProvider>');
  });
});

