/**
 * The demo school's booking (the optional Offers and Course Requests tables): the planned next
 * quarter's offer and the families' requests for it, so that `npm start` shows the whole flow.
 *
 * - Every one of the first lessons (the demo families' courses) is offered, each later lesson
 *   nine times in ten; requests are taken until a few weeks from today. A lesson with two room
 *   hours is sometimes offered at one of them only.
 * - One room hour is full: the first of the first lessons that has two room hours (else the
 *   first lesson) is offered with 4 places, and requests of other families take all of them at
 *   its first room hour; its second room hour has every place left.
 * - Family 1 (the owing demo parent) has a request still waiting, one confirmed (with the Plans
 *   row the confirmation made, owed in full) and one declined with the office's note; family 2
 *   (the parent in credit) has one waiting. Family 3 (the admin) has none: it can try booking.
 * - A quarter of the other families' children have asked for a course: mostly waiting, some
 *   confirmed (with their plans), declined or withdrawn, never taking a room hour's last place.
 *
 * Keys are the booking functions' (functions/src/booking/keys.ts), so a request from the portal
 * for the same child, lesson and quarter finds the row made here.
 */
import { requestStatusWord, type RequestStatus } from '@family-portal/contract';
import { planKey, requestKey } from '../../functions/src/booking/keys';
import { Random } from './random';
import type { RawRow } from './store';

export interface BookingInput {
  seed: number;
  today: string;
  /** The quarter after the current one, or none (then nothing is offered). */
  nextQuarter: { id: string; firstDay: string; lastDay: string } | undefined;
  lessons: RawRow[];
  roomHours: RawRow[];
  members: RawRow[];
  children: RawRow[];
  /** Lessons of the demo families (the first ones), the same at every school size. */
  demoLessons: number;
  lessonCost(lesson: RawRow, weeks: number): number;
  /** The weeks of lesson dates the closed days leave (closedDays.ts); null when none can be told. */
  lessonWeeks(lessonId: string, roomHourIds: readonly string[], quarter: { firstDay: string; lastDay: string }): number | null;
}

export interface Booking {
  offers: RawRow[];
  requests: RawRow[];
  /** The Plans rows of the confirmed requests (the members' balances owe their cost). */
  plans: RawRow[];
}

/** The room hour that is full, and how many places its offer has. */
const FULL_PLACES = 4;
/** Share of the other families' children who asked for a course. */
const ASKING = 0.25;
/** Families on the full time's waiting list. */
const WAITING_FAMILIES = 2;
const NOTES = ['Der Kurs ist leider schon voll.', 'Bitte zuerst den Mitgliedsbeitrag begleichen.', 'Die Gruppe passt nicht zum Alter des Kindes.'];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
const round2 = (n: number) => Math.round(n * 100) / 100;

export function generateBooking(input: BookingInput): Booking {
  const { today, nextQuarter } = input;
  if (!nextQuarter) return { offers: [], requests: [], plans: [] };
  // The demo families' part comes out the same at every school size; the rest depends on it.
  const fixed = new Random(input.seed * 7919 + 4999);
  const random = new Random(input.seed * 7919 + input.members.length * 31 + 3);
  const instantBefore = (r: Random, maxDaysAgo: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - r.int(60, maxDaysAgo * 24 * 60) * 60_000).toISOString();

  // Open until three weeks from today, or three days before the quarter starts; never shut today.
  const requestsUntil = [addDays(today, 21), addDays(nextQuarter.firstDay, -3)].sort()[0] as string;
  const deadline = requestsUntil > addDays(today, 3) ? requestsUntil : addDays(today, 3);

  const roomHoursOf = new Map<string, string[]>();
  for (const roomHour of input.roomHours) {
    const lessonId = roomHour['Lesson ID'] as string;
    roomHoursOf.set(lessonId, [...(roomHoursOf.get(lessonId) ?? []), roomHour['Room Hour ID'] as string]);
  }
  const demoLessons = input.lessons.slice(0, input.demoLessons);
  const fullLesson = demoLessons.find((lesson) => (roomHoursOf.get(lesson['Lesson ID'] as string) ?? []).length > 1) ?? demoLessons[0];

  interface Offered {
    row: RawRow;
    lesson: RawRow;
    roomHourIds: string[];
    places: number;
    weeks: number;
    taken: Map<string, number>;
  }
  const offered: Offered[] = [];
  input.lessons.forEach((lesson, index) => {
    const demo = index < input.demoLessons;
    const r = demo ? fixed : random;
    if (!demo && !r.chance(0.9)) return;
    const lessonId = lesson['Lesson ID'] as string;
    const all = roomHoursOf.get(lessonId) ?? [];
    if (all.length === 0) return;
    const onlyFirst = !demo && all.length > 1 && r.chance(0.3);
    const places = lesson === fullLesson ? FULL_PLACES : r.pick([6, 8, 10, 12]);
    // Drawn still, so that the rest of the offer comes out as before; counted as the office would.
    const drawn = r.int(11, 13);
    const weeks = input.lessonWeeks(lessonId, onlyFirst ? [all[0] as string] : all, nextQuarter) ?? drawn;
    const row: RawRow = {
      'Offer ID': `OFFER-${nextQuarter.id}-${lessonId}`,
      'Quarter ID': nextQuarter.id,
      'Lesson ID': lessonId,
      // Blank: every room hour of the lesson.
      'Room Hour IDs': onlyFirst ? [all[0] as string] : null,
      Places: places,
      Weeks: weeks,
      'Requests Until': deadline,
      'Last Changed': instantBefore(r, 20),
    };
    offered.push({ row, lesson, roomHourIds: onlyFirst ? [all[0] as string] : all, places, weeks, taken: new Map() });
  });

  const members = new Map(input.members.map((member) => [member['Member ID'] as string, member]));
  const requests: RawRow[] = [];
  const plans: RawRow[] = [];
  const asked = new Set<string>();
  const ask = (r: Random, offer: Offered, child: RawRow, roomHourId: string, status: RequestStatus, note: string | null = null) => {
    const childId = child['Child ID'] as string;
    const lessonId = offer.lesson['Lesson ID'] as string;
    const member = members.get(child['Member ID'] as string) as RawRow;
    const requestedAt = instantBefore(r, 12);
    const decided = status === 'confirmed' || status === 'declined';
    const decidedAt = decided ? new Date(Math.min(Date.parse(requestedAt) + r.int(1, 48) * 3_600_000, Date.parse(`${today}T00:00:00Z`) - 60_000)).toISOString() : null;
    const planId = status === 'confirmed' ? planKey(nextQuarter.id, lessonId, childId) : null;
    // The chosen time's weeks: a time on a day the holidays take more often has fewer.
    const weeks = input.lessonWeeks(lessonId, [roomHourId], nextQuarter) ?? offer.weeks;
    asked.add(`${lessonId}\u0000${childId}`);
    if (status === 'requested' || status === 'confirmed') offer.taken.set(roomHourId, (offer.taken.get(roomHourId) ?? 0) + 1);
    requests.push({
      'Request ID': requestKey(nextQuarter.id, lessonId, childId),
      'Child ID': childId,
      'Quarter ID': nextQuarter.id,
      'Lesson ID': lessonId,
      'Offer ID': offer.row['Offer ID'] as string,
      'Room Hour IDs': [roomHourId],
      Weeks: weeks,
      Status: requestStatusWord(status),
      'Requested At': requestedAt,
      'Requested By': String(member.Email).trim().toLowerCase(),
      Note: note,
      'Decided At': decidedAt,
      'Plan ID': planId,
      'Waiting Since': null,
      'Last Changed': decidedAt ?? requestedAt,
    });
    if (planId) {
      // The plan AppSheet's formulas make of it: nothing paid yet, the course's cost owed.
      const cost = input.lessonCost(offer.lesson, weeks);
      plans.push({
        'Plan ID': planId,
        'Child ID': childId,
        'Quarter ID': nextQuarter.id,
        'Lesson ID': lessonId,
        Weeks: weeks,
        'Room Hour IDs': [roomHourId],
        Paid: 0,
        Balance: -cost,
        'Last Changed': decidedAt,
      });
      member.Balance = round2((member.Balance as number) - cost);
      member['Children Balance'] = round2((member['Children Balance'] as number) - cost);
    }
  };

  const active = (child: RawRow) => child.Status === 'Aktiv';
  const childrenOf = (memberId: string) => input.children.filter((child) => child['Member ID'] === memberId && active(child));
  const demoIds = new Set(input.members.slice(0, 3).map((member) => member['Member ID'] as string));
  const others = input.children.filter((child) => active(child) && !demoIds.has(child['Member ID'] as string));

  // The full room hour: other families' requests take all its places.
  const full = offered.find((offer) => offer.lesson === fullLesson);
  const fullHour = full?.roomHourIds[0];
  if (full && fullHour) {
    const fillers = others.slice(0, full.places);
    fillers.forEach((child, index) => ask(fixed, full, child, fullHour, index === 0 ? 'confirmed' : 'requested'));
    // A school too small to fill it offers only the places it filled.
    full.places = fillers.length;
    full.row.Places = fillers.length;
    // Two families on its waiting list (docs/booking.md), in the order they joined.
    others.slice(full.places, full.places + WAITING_FAMILIES).forEach((child) => ask(fixed, full, child, fullHour, 'waiting'));
  }

  // The demo parents' requests, in each state.
  const [anna, olga] = input.members;
  const choices = offered.filter((offer) => offer !== full && demoLessons.includes(offer.lesson));
  const annasChildren = anna ? childrenOf(anna['Member ID'] as string) : [];
  const olgasChildren = olga ? childrenOf(olga['Member ID'] as string) : [];
  const [waiting, confirmed, declined] = choices;
  const first = (offer: Offered) => offer.roomHourIds[0] as string;
  if (annasChildren[0] && waiting) ask(fixed, waiting, annasChildren[0], first(waiting), 'requested');
  if (annasChildren[1] && confirmed) ask(fixed, confirmed, annasChildren[1], first(confirmed), 'confirmed');
  if (annasChildren[0] && declined) ask(fixed, declined, annasChildren[0], first(declined), 'declined', NOTES[2]);
  if (olgasChildren[0] && waiting) ask(fixed, waiting, olgasChildren[0], first(waiting), 'requested');

  // The other families: a room hour keeps at least one place free (only one is full).
  for (const child of others) {
    if (!random.chance(ASKING) || offered.length === 0) continue;
    const offer = random.pick(offered);
    const roomHourId = random.pick(offer.roomHourIds);
    const status = random.weighted<RequestStatus>([['requested', 70], ['confirmed', 18], ['declined', 8], ['withdrawn', 4]]);
    const holds = status === 'requested' || status === 'confirmed';
    if (asked.has(`${offer.lesson['Lesson ID'] as string}\u0000${child['Child ID'] as string}`)) continue;
    if (holds && (offer.taken.get(roomHourId) ?? 0) >= offer.places - 1) continue;
    ask(random, offer, child, roomHourId, status, status === 'declined' ? random.pick(NOTES) : null);
  }
  return { offers: offered.map((offer) => offer.row), requests, plans };
}
