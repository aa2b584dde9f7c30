/**
 * member_references: each family's timetable, the only way a parent reads lessons, teachers and
 * room hours. After every sync it must equal what the family's plans point to, computed here from
 * the stored plans and the timetable's collections; a delta touches only the families whose plans,
 * lessons, room hours or teachers changed, and a sync without changes writes none.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppSheetClient, type AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runSync, type SyncRequest } from '../../functions/src/wiring/syncRuns';
import { MEMBER_REFERENCES } from '@family-portal/contract';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { startDemoServer, type DemoServer } from '../../tools/appsheet/server';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { APART_PROJECT_ID } from '../../tools/lib/stack';
import { atSource } from '../support/appSheet';

// The project apart (tools/lib/stack.ts): the sync runs here in the test, and beside the other files.
const { db } = emulatorAdmin(APART_PROJECT_ID);
let appSheet: DemoServer;
let client: AppSheetClient;

const full: SyncRequest = { syncType: 'full', triggeredBy: 'manual' };
const delta: SyncRequest = { syncType: 'delta', triggeredBy: 'scheduled' };
const sync = async (request: SyncRequest) => {
  const log = await runSync({ db, appSheet: client }, request);
  expect(log.error).toBeNull();
  return log;
};

type Copy = Record<string, unknown> & { id: string };
type Lists = {
  planIds: string[];
  lessonIds: string[];
  roomHourIds: string[];
  teacherIds: string[];
  lessons: Copy[];
  roomHours: Copy[];
  teachers: Copy[];
};
const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();
/** A document's synced fields with its id, without the sync's bookkeeping (`_hash` …). */
const synced = (id: string, data: FirebaseFirestore.DocumentData): Copy => ({ id, ...Object.fromEntries(Object.entries(data).filter(([key]) => !key.startsWith('_'))) });

/** What each family's plans point to, from the stored plans and the timetable's collections. */
async function expected(): Promise<Record<string, Lists>> {
  const [plans, ...timetable] = await Promise.all(['plans', 'lessons', 'roomHours', 'teachers'].map((name) => db.collection(name).get()));
  const [lessons, roomHours, teachers] = timetable.map((snapshot) => new Map(snapshot.docs.map((doc) => [doc.id, synced(doc.id, doc.data())])));
  const copies = (documents: Map<string, Copy>, ids: string[]) => ids.flatMap((id) => documents.get(id) ?? []);
  const byMember: Record<string, Array<FirebaseFirestore.QueryDocumentSnapshot>> = {};
  for (const plan of plans!.docs) (byMember[plan.get('memberId') as string] ??= []).push(plan);
  return Object.fromEntries(
    Object.entries(byMember).map(([memberId, own]) => {
      const lessonIds = sorted(own.map((plan) => plan.get('lessonId') as string));
      const roomHourIds = sorted(own.flatMap((plan) => plan.get('roomHourIds') as string[]));
      const teacherIds = sorted(lessonIds.flatMap((id) => (lessons!.get(id)?.teacherId as string | undefined) ?? []));
      return [
        memberId,
        {
          planIds: sorted(own.map((plan) => plan.id)),
          lessonIds,
          roomHourIds,
          teacherIds,
          lessons: copies(lessons!, lessonIds),
          roomHours: copies(roomHours!, roomHourIds),
          teachers: copies(teachers!, teacherIds),
        },
      ];
    }),
  );
}

async function stored(): Promise<{ lists: Record<string, Lists>; updated: Record<string, number> }> {
  const snapshot = await db.collection(MEMBER_REFERENCES).get();
  const lists: Record<string, Lists> = {};
  const updated: Record<string, number> = {};
  for (const doc of snapshot.docs) {
    const { id: _id, ...family } = synced(doc.id, doc.data());
    lists[doc.id] = family as unknown as Lists;
    updated[doc.id] = doc.updateTime.toMillis();
  }
  return { lists, updated };
}

/** The families whose document a step wrote or deleted. */
const rewritten = (before: Record<string, number>, after: Record<string, number>) =>
  Object.keys({ ...before, ...after }).filter((id) => before[id] !== after[id]).sort();

const plansOf = async (memberId: string) => (await db.collection('plans').where('memberId', '==', memberId).get()).docs;
const ownerOfPlan = async (planId: string) => (await db.doc(`plans/${planId}`).get()).get('memberId') as string;
const childOf = async (memberId: string) => (await db.collection('children').where('memberId', '==', memberId).limit(1).get()).docs[0]!.id;

/** This Firestore, except that member_references cannot be reached: the step fails, nothing else. */
const withoutReferences = (target: Firestore): Firestore =>
  new Proxy(target, {
    get(firestore, property) {
      if (property === 'collection') {
        return (path: string) => {
          if (path === MEMBER_REFERENCES) throw new Error('member_references is unavailable');
          return firestore.collection(path);
        };
      }
      const value: unknown = Reflect.get(firestore, property, firestore);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(firestore) : value;
    },
  });

beforeAll(async () => {
  appSheet = await startDemoServer({ families: 8, seed: 5, today: '2026-11-21' });
  client = createAppSheetClient({ baseUrl: appSheet.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, timeoutMs: 2_000, attempts: 2, backoffMs: 20 });
});
afterAll(() => appSheet.close());
beforeEach(async () => {
  await clearFirestore(APART_PROJECT_ID);
  await sync(full);
});

describe('member_references', () => {
  it('after a full sync lists, for every family with plans, exactly what its plans point to', async () => {
    const { lists } = await stored();
    const wanted = await expected();
    expect(Object.keys(wanted).length).toBeGreaterThan(3);
    expect(lists).toEqual(wanted);
    for (const family of Object.values(lists)) {
      expect(family.lessonIds.length).toBeGreaterThan(0);
      expect(family.teacherIds.length).toBeGreaterThan(0);
    }
  });

  it('a full sync without changes rewrites no family', async () => {
    const before = (await stored()).updated;
    expect(Object.keys(before).length).toBeGreaterThan(3);
    await sync(full);
    expect(rewritten(before, (await stored()).updated)).toEqual([]);
  });

  it('a new plan adds its lesson, room hours and teacher to its family only', async () => {
    const { lists, updated } = await stored();
    const [family, references] = Object.entries(lists)[0]!;
    const [template] = await client.find('Plans', `Filter(Plans, [Plan ID] = "${references.planIds[0]}")`);
    const lessons = (await db.collection('lessons').get()).docs;
    const newLesson = lessons.find((lesson) => !references.lessonIds.includes(lesson.id) && lesson.get('teacherId'))!;
    const roomHour = (await db.collection('roomHours').where('lessonId', '==', newLesson.id).limit(1).get()).docs[0]!;
    await atSource(appSheet.url, 'Add', 'Plans', [
      { ...template, _RowNumber: undefined, 'Last Changed': undefined, 'Plan ID': 'PL-NEW', 'Lesson ID': newLesson.id, 'Room Hour IDs': roomHour.id },
    ]);

    await sync(delta);
    const after = await stored();
    expect(after.lists).toEqual(await expected());
    expect(after.lists[family]!.planIds).toContain('PL-NEW');
    expect(after.lists[family]!.lessonIds).toContain(newLesson.id);
    expect(after.lists[family]!.roomHourIds).toContain(roomHour.id);
    expect(after.lists[family]!.teacherIds).toContain(newLesson.get('teacherId'));
    expect(rewritten(updated, after.updated)).toEqual([family]);
  });

  it("a plan moved to another family's child leaves the old family's list and joins the new one's", async () => {
    const { lists, updated } = await stored();
    const [from, to] = Object.keys(lists) as [string, string];
    const moved = lists[from]!.planIds[0]!;
    await client.edit('Plans', [{ 'Plan ID': moved, 'Child ID': await childOf(to) }]);

    await sync(delta);
    const after = await stored();
    expect(await ownerOfPlan(moved)).toBe(to);
    expect(after.lists).toEqual(await expected());
    expect(after.lists[from]?.planIds ?? []).not.toContain(moved);
    expect(after.lists[to]!.planIds).toContain(moved);
    expect(rewritten(updated, after.updated)).toEqual([from, to].sort());
  });

  it('a child moved to another family takes its plans from the old list to the new one', async () => {
    const { lists, updated } = await stored();
    const [from, to] = Object.keys(lists) as [string, string];
    const child = (await db.doc(`plans/${lists[from]!.planIds[0]}`).get()).get('childId') as string;
    const childPlans = (await db.collection('plans').where('childId', '==', child).get()).docs.map((plan) => plan.id);
    // Only the child's row changes: its plans are moved by the sync (planOwners.ts), not by the office.
    await client.edit('Children', [{ 'Child ID': child, 'Member ID': to }]);

    await sync(delta);
    const after = await stored();
    for (const plan of childPlans) expect(await ownerOfPlan(plan)).toBe(to);
    expect(after.lists).toEqual(await expected());
    expect(after.lists[to]!.planIds).toEqual(expect.arrayContaining(childPlans));
    for (const plan of childPlans) expect(after.lists[from]?.planIds ?? []).not.toContain(plan);
    expect(rewritten(updated, after.updated)).toEqual([from, to].sort());
  });

  it("a lesson's new name and teacher reach every family enrolled in it, and only those", async () => {
    const { lists, updated } = await stored();
    const lessonId = Object.values(lists)[0]!.lessonIds[0]!;
    const enrolled = Object.keys(lists).filter((id) => lists[id]!.lessonIds.includes(lessonId)).sort();
    const teachers = (await db.collection('teachers').get()).docs;
    const current = (await db.doc(`lessons/${lessonId}`).get()).get('teacherId') as string;
    const newTeacher = teachers.find((teacher) => teacher.id !== current && !enrolled.some((family) => lists[family]!.teacherIds.includes(teacher.id)))!;
    await client.edit('Lessons', [{ 'Lesson ID': lessonId, 'Teacher ID': newTeacher.id, Name: 'Schach für Fortgeschrittene' }]);

    await sync(delta);
    const after = await stored();
    expect(after.lists).toEqual(await expected());
    for (const family of enrolled) {
      expect(after.lists[family]!.teacherIds).toContain(newTeacher.id);
      expect(after.lists[family]!.teachers).toContainEqual({ id: newTeacher.id, name: newTeacher.get('name') });
      expect(after.lists[family]!.lessons.find((lesson) => lesson.id === lessonId)).toMatchObject({ name: 'Schach für Fortgeschrittene', teacherId: newTeacher.id });
    }
    expect(rewritten(updated, after.updated)).toEqual(enrolled);
  });

  it("a room hour's new room and a teacher's new name reach the families whose plans point to them, and only those", async () => {
    const { lists, updated } = await stored();
    const roomHourId = Object.values(lists).find((family) => family.roomHourIds.length > 0)!.roomHourIds[0]!;
    const teacherId = Object.values(lists).at(-1)!.teacherIds[0]!;
    const affected = Object.keys(lists)
      .filter((id) => lists[id]!.roomHourIds.includes(roomHourId) || lists[id]!.teacherIds.includes(teacherId))
      .sort();
    expect(affected.length).toBeLessThan(Object.keys(lists).length);
    await client.edit('Room Hours', [{ 'Room Hour ID': roomHourId, Room: 'Aula (Erdgeschoss)' }]);
    await client.edit('Teachers', [{ 'Teacher ID': teacherId, Name: 'Ольга Иванова' }]);

    await sync(delta);
    const after = await stored();
    expect(after.lists).toEqual(await expected());
    for (const family of affected) {
      const own = after.lists[family]!;
      if (own.roomHourIds.includes(roomHourId)) expect(own.roomHours.find((roomHour) => roomHour.id === roomHourId)).toMatchObject({ roomName: 'Aula (Erdgeschoss)' });
      if (own.teacherIds.includes(teacherId)) expect(own.teachers).toContainEqual({ id: teacherId, name: 'Ольга Иванова' });
    }
    expect(rewritten(updated, after.updated)).toEqual(affected);
  });

  it('plans deleted at the source leave their family lists with the next full sync; a family without plans loses its document', async () => {
    const { lists, updated } = await stored();
    const [shrinking, emptied] = Object.keys(lists).filter((id) => lists[id]!.planIds.length >= 2) as [string, string];
    const deleted = lists[shrinking]!.planIds[0]!;
    // A handful of deletions stays under the mass-deletion guard's minimum of 20.
    await atSource(appSheet.url, 'Delete', 'Plans', [deleted, ...lists[emptied]!.planIds].map((id) => ({ 'Plan ID': id })));

    await sync(full);
    const after = await stored();
    expect(await plansOf(emptied)).toHaveLength(0);
    expect(after.lists[emptied]).toBeUndefined();
    expect(after.lists[shrinking]!.planIds).not.toContain(deleted);
    expect(after.lists).toEqual(await expected());
    expect(rewritten(updated, after.updated)).toEqual([shrinking, emptied].sort());
  });

  it('an update that fails ends the run as an error of the plans table, keeps the synced plans, and the next delta repairs it', async () => {
    const { lists, updated } = await stored();
    const [from, to] = Object.keys(lists) as [string, string];
    const moved = lists[from]!.planIds[0]!;
    await client.edit('Plans', [{ 'Plan ID': moved, 'Child ID': await childOf(to) }]);

    const failed = await runSync({ db: withoutReferences(db), appSheet: client }, delta);
    expect(failed.status).toBe('error');
    expect(failed.error).toMatch(/^plans: updating what each family may read of the timetable failed: member_references is unavailable/);
    expect(await ownerOfPlan(moved)).toBe(to);
    expect((await stored()).updated).toEqual(updated);

    // The office changed nothing since: this delta writes no plan, yet brings every family in line.
    const repairing = await sync(delta);
    expect(repairing.tables.plans.written).toBe(0);
    const after = await stored();
    expect(after.lists).toEqual(await expected());
    expect(after.lists[to]!.planIds).toContain(moved);
    expect(rewritten(updated, after.updated)).toEqual([from, to].sort());
  });
});
