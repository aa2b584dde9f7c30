/**
 * Generates the demo school in the AppSheet schema of packages/contract (documents.ts, booking.ts).
 * Deterministic for (seed, families, today, booking). Families 1–3 are the demo accounts: one
 * owes money, one is in credit, the third belongs to the admin. With booking (the default), the
 * planned next quarter is offered and families have asked for courses (booking.ts); the school
 * closes on holidays (closedDays.ts), and some families pay by direct debit (mandates.ts); no
 * collection has been run yet (debits.ts).
 */
import { addDays, APPSHEET_TABLES, BOOK_DEPOSIT_TYPE } from '@family-portal/contract';
import { CHILD_NAMES, CITIES, COURSES, emailLocalPart, FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES, LEVELS, ROOMS, STREETS } from './names';
import { addBooking } from './schoolBooking';
import { closedDayRows, closedDaysChangedAt, demoLessonWeeks } from './closedDays';
import { lessonCost, MIN_LESSONS, MIN_TEACHERS, pad, quartersAround, round2, type Quarter } from './terms';
import { addDebits } from './debits';
import { addMandates } from './mandates';
import { Random } from './random';
import type { DemoStore, RawRow } from './store';

export interface GenerateOptions {
  seed?: number;
  families?: number;
  /** The school's "today" as YYYY-MM-DD: decides the active quarter. */
  today?: string;
  /** With the optional booking tables (Offers, Course Requests); false makes a school without booking. */
  booking?: boolean;
  /** With the optional Closed Days table (closedDays.ts); false makes a school without it. */
  closedDays?: boolean;
  /** With the optional Mandates table (mandates.ts); false makes a school without direct debit. */
  mandates?: boolean;
  /** With the optional Direct Debits table, empty (debits.ts); false makes a school without it. */
  debits?: boolean;
}

export const DEMO_ACCOUNTS = [
  { email: 'anna.mueller@example.com', name: 'Anna Müller', role: 'parent, owes money' },
  { email: 'olga.petrova@example.com', name: 'Olga Petrova', role: 'parent, in credit' },
  { email: 'admin@example.com', name: 'Irina Schulz', role: 'admin (also a parent)' },
] as const;
export const DEMO_PASSWORD = 'demo1234';

const MEMBERSHIP_FEE_PER_YEAR = 60;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function generateSchool(options: GenerateOptions = {}): DemoStore {
  const seed = options.seed ?? 1;
  const familyCount = Math.max(3, options.families ?? 60);
  const today = options.today ?? isoDay(new Date());
  const random = new Random(seed * 7919 + familyCount);
  // The demo families 1–3 and the first teachers and lessons, which are all they enrol in, come
  // out the same at every school size, so that benchmarks can compare what those families read.
  const sizeFree = new Random(seed * 7919);
  // Rows last changed before the school's today, so a delta sync run later reads none of them.
  const changedAt = (maxDaysAgo = 60) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - random.int(1, maxDaysAgo * 24 * 60) * 60_000).toISOString();

  const quarters = quartersAround(today);
  const recentQuarters = quarters.filter((q) => q.status !== 'Geplant').slice(-3);
  const activeQuarter = quarters.find((q) => q.status === 'Aktiv') as Quarter;

  const teacherRows: RawRow[] = [];
  const teacherCount = Math.max(MIN_TEACHERS, Math.round(familyCount / 8));
  for (let t = 1; t <= teacherCount; t += 1) {
    const r = t <= MIN_TEACHERS ? sizeFree : random;
    const first = r.pick(r.chance(0.7) ? FIRST_NAMES_F : FIRST_NAMES_M);
    teacherRows.push({ 'Teacher ID': `T${pad(t, 3)}`, Name: `${first} ${r.pick(LAST_NAMES)}`, 'Last Changed': changedAt(400) });
  }

  const lessonRows: RawRow[] = [];
  const roomHourRows: RawRow[] = [];
  const lessonCount = Math.max(MIN_LESSONS, Math.round(familyCount / 5));
  for (let l = 1; l <= lessonCount; l += 1) {
    const id = `L${pad(l, 3)}`;
    const r = l <= MIN_LESSONS ? sizeFree : random;
    lessonRows.push({
      'Lesson ID': id,
      Name: `${COURSES[(l - 1) % COURSES.length]} – ${r.pick(LEVELS)}`,
      'Teacher ID': r.pick(l <= MIN_LESSONS ? teacherRows.slice(0, MIN_TEACHERS) : teacherRows)['Teacher ID'] as string,
      Hours: r.weighted([[1, 5], [1.5, 2], [2, 2], [null, 1]]),
      'Price Per Hour': r.pick([12, 14, 15, 16.5, 18, 20]),
      'Extras Per Quarter': r.pick([0, 0, 10, 15, 25]),
      'WhatsApp Group': r.chance(0.6) ? `https://chat.whatsapp.com/Demo${id}${r.int(1000, 9999)}` : null,
      'Last Changed': changedAt(400),
    });
    const slots = r.chance(0.3) ? 2 : 1;
    for (let s = 1; s <= slots; s += 1) {
      const slot = r.int(1, 8);
      const start = 14 * 60 + (slot - 1) * 50;
      const time = (m: number) => `${pad(Math.floor(m / 60), 2)}:${pad(m % 60, 2)}`;
      roomHourRows.push({
        'Room Hour ID': `RH${pad(l, 3)}-${s}`,
        'Lesson ID': id,
        Day: r.pick(['Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.', 'So.']),
        Hour: `${slot} - ${time(start)}-${time(start + 45)}`,
        Room: r.pick(ROOMS),
        'Last Changed': changedAt(400),
      });
    }
  }
  const roomHoursOf = (lessonId: string) => roomHourRows.filter((r) => r['Lesson ID'] === lessonId).map((r) => r['Room Hour ID'] as string);

  const closedRows = (options.closedDays ?? true) ? closedDayRows(quarters, closedDaysChangedAt(today)) : [];
  const lessonWeeksOf = demoLessonWeeks(closedRows, roomHourRows);

  const memberRows: RawRow[] = [];
  const childRows: RawRow[] = [];
  const planRows: RawRow[] = [];
  const paymentRows: RawRow[] = [];
  const otherPaymentRows: RawRow[] = [];
  const usedEmails = new Set<string>();

  for (let f = 1; f <= familyCount; f += 1) {
    const memberId = `M${pad(f, 4)}`;
    const demo = DEMO_ACCOUNTS[f - 1];
    const [first, last] = demo ? (demo.name.split(' ') as [string, string]) : [random.pick(FIRST_NAMES_F), random.pick(LAST_NAMES)];
    let email: string = demo?.email ?? `${emailLocalPart(first, last)}@example.com`;
    if (usedEmails.has(email)) email = email.replace('@', `${f}@`);
    usedEmails.add(email);
    const active = f <= 3 || random.chance(0.92);
    const since = addDays(today, -random.int(60, 3650));
    const hasPartner = f === 1 || (f > 3 && random.chance(0.7));

    // Children and their plans.
    const childCount = f <= 3 ? 2 : random.weighted([[1, 40], [2, 45], [3, 15]]);
    let childrenBalance = 0;
    let planShares = 0;
    const childIds: string[] = [];
    for (let c = 1; c <= childCount; c += 1) {
      const childId = `C${pad(f, 4)}-${c}`;
      childIds.push(childId);
      const age = random.int(4, 16);
      childRows.push({
        'Child ID': childId,
        'Member ID': memberId,
        Name: `${random.pick(CHILD_NAMES)} ${last}`,
        Birthday: addDays(today, -(age * 365 + random.int(0, 364))),
        Age: age,
        Class: age >= 6 ? `${Math.min(age - 5, 10)}${random.pick(['a', 'b', 'c'])}` : 'Vorschule',
        Notes: random.chance(0.15) ? random.pick(['Allergie: Nüsse', 'Wird abgeholt', 'Brille']) : null,
        'Created At': `${since}T09:00:00.000Z`,
        Status: active ? 'Aktiv' : 'Inaktiv',
        'Last Changed': changedAt(),
      });
      if (!active) continue;
      for (const quarter of recentQuarters) {
        const lessonsThisQuarter = f <= 3 ? 1 : random.weighted([[0, 30], [1, 45], [2, 25]]);
        for (let k = 0; k < lessonsThisQuarter; k += 1) {
          const lesson = f <= 3 ? sizeFree.pick(lessonRows.slice(0, MIN_LESSONS)) : random.pick(lessonRows);
          // Drawn still, so that the rest of the school comes out as before; the office counts
          // the weeks the closed days leave (a course whose times cannot be read: the draw).
          const drawn = random.int(10, 13);
          const weeks = lessonWeeksOf(lesson['Lesson ID'] as string, roomHoursOf(lesson['Lesson ID'] as string), quarter) ?? drawn;
          const cost = lessonCost(lesson, weeks);
          const isCurrent = quarter.id === activeQuarter.id;
          const paid =
            f === 1 && isCurrent ? 0 : f <= 3 ? cost : isCurrent ? random.weighted([[cost, 60], [round2(cost / 2), 25], [0, 15]]) : random.weighted([[cost, 92], [round2(cost * 0.7), 8]]);
          childrenBalance += paid - cost;
          planShares += paid;
          planRows.push({
            'Plan ID': `PL${pad(planRows.length + 1, 6)}`,
            'Child ID': childId,
            'Quarter ID': quarter.id,
            'Lesson ID': lesson['Lesson ID'] as string,
            Weeks: weeks,
            'Room Hour IDs': roomHoursOf(lesson['Lesson ID'] as string),
            Paid: paid,
            Balance: round2(paid - cost),
            'Last Changed': changedAt(),
          });
        }
      }
    }

    // Membership fees: the first family has not paid this year's fee.
    const membershipBalance = f === 1 ? -MEMBERSHIP_FEE_PER_YEAR : f <= 3 ? 0 : random.weighted([[0, 85], [-MEMBERSHIP_FEE_PER_YEAR, 15]]);
    const credit = f === 2 ? 50 : f <= 3 ? 0 : random.weighted([[0, 80], [round2(random.int(5, 120) + random.int(0, 99) / 100), 20]]);

    // Payments: the plan and membership money above, spread over the last two years.
    const paymentCount = f <= 3 ? 8 : random.int(11, 31);
    const toSpread = planShares + MEMBERSHIP_FEE_PER_YEAR * 2 + credit;
    for (let p = 1; p <= paymentCount; p += 1) {
      const refund = p > 2 && random.chance(0.05);
      const amount = refund ? round2(random.int(10, 80)) : round2(Math.max(5, toSpread / paymentCount));
      const membershipShare = p <= 2 && !refund ? Math.min(MEMBERSHIP_FEE_PER_YEAR, amount) : 0;
      const planShare = refund ? 0 : round2(Math.max(0, amount - membershipShare - (p === paymentCount ? credit : 0)));
      paymentRows.push({
        'Payment ID': `P${pad(f, 4)}-${pad(p, 3)}`,
        'Member ID': memberId,
        Date: addDays(today, -Math.round((paymentCount - p) * (700 / paymentCount)) - random.int(0, 9)),
        Amount: amount,
        Balance: p === paymentCount ? credit : 0,
        Comment: refund ? 'Rückerstattung' : random.pick([`Kursgebühr ${random.pick(recentQuarters).name}`, 'Mitgliedsbeitrag', null, 'Überweisung']),
        'Payment Type': random.weighted([['Überweisung', 70], ['Bar', 20], ['Karte', 7], ['Sonstiges', 3]]),
        Direction: refund ? 'Ausgang' : 'Eingang',
        'Plan Shares': planShare,
        'Membership Shares': membershipShare,
        'Other Payments Share': 0,
        'Last Changed': changedAt(),
      });
    }

    // Book deposits per child, plus an occasional other payment.
    childIds.forEach((childId, index) => {
      if (f > 3 && !random.chance(0.6)) return;
      otherPaymentRows.push({
        'Other Payment ID': `OP${pad(f, 4)}-${index + 1}`,
        'Member ID': memberId,
        Type: BOOK_DEPOSIT_TYPE,
        Status: f === 1 && index === 1 ? 'Erstattet' : active && random.chance(0.85) ? 'Aktiv' : 'Erstattet',
        Date: addDays(today, -random.int(30, 900)),
        Amount: random.pick([20, 30, 50]),
        'Child ID': childId,
        Comment: random.chance(0.4) ? random.pick(['Lehrbuch Russisch', 'Mathe-Arbeitsheft', 'Lesebuch']) : null,
        'Last Changed': changedAt(),
      });
    });
    if (f === 2 || (f > 3 && random.chance(0.2))) {
      otherPaymentRows.push({
        'Other Payment ID': `OP${pad(f, 4)}-x`,
        'Member ID': memberId,
        Type: random.pick([BOOK_DEPOSIT_TYPE, 'Ausflug', 'Materialgeld']),
        Status: 'Aktiv',
        Date: addDays(today, -random.int(10, 300)),
        Amount: random.pick([15, 25, 40]),
        'Child ID': null,
        Comment: 'Allgemeine Kaution',
        'Last Changed': changedAt(),
      });
    }

    const cancelled = f > 3 && active && random.chance(0.04);
    memberRows.push({
      'Member ID': memberId,
      'Primary Name': `${first} ${last}`,
      'Secondary Name': hasPartner ? `${random.pick(FIRST_NAMES_M)} ${last}` : null,
      // Some addresses come with stray capitals and spaces, as people type them.
      Email: f > 3 && random.chance(0.1) ? `  ${email.replace(/^./, (c) => c.toUpperCase())} ` : email,
      Phone: `+49 1${random.int(50, 79)} ${random.int(1000000, 9999999)}`,
      'Phone 2': random.chance(0.3) ? `+49 30 ${random.int(100000, 999999)}` : null,
      Address: `${random.pick(STREETS)} ${random.int(1, 120)}, ${random.pick(CITIES)}`,
      Status: active ? 'Aktiv' : 'Inaktiv',
      'Membership Type': f <= 3 ? 'Familie' : random.weighted([['Familie', 80], ['Einzel', 15], ['Fördermitglied', 5]]),
      'Member Since': since,
      'Member Until': !active ? addDays(today, -random.int(1, 50)) : cancelled ? addDays(today, random.int(30, 120)) : null,
      'Cancellation Requested': cancelled,
      'Cancellation Requested At': cancelled ? changedAt(30) : null,
      'Cancellation Reason': cancelled ? 'Umzug' : null,
      Balance: round2(childrenBalance + membershipBalance + credit),
      'Children Balance': round2(childrenBalance),
      'Membership Balance': membershipBalance,
      'Last Changed': changedAt(),
    });
  }

  const quarterRows: RawRow[] = quarters.map((q) => ({
    'Quarter ID': q.id,
    Name: q.name,
    Status: q.status,
    'First Day': q.firstDay,
    'Last Day': q.lastDay,
    'Last Changed': changedAt(400),
  }));

  const school: DemoStore = {
    meta: { seed, families: familyCount, today, generatedAt: new Date().toISOString(), booking: false },
    tables: {
      [APPSHEET_TABLES.members.appSheetTable]: memberRows,
      [APPSHEET_TABLES.children.appSheetTable]: childRows,
      [APPSHEET_TABLES.payments.appSheetTable]: paymentRows,
      [APPSHEET_TABLES.otherPayments.appSheetTable]: otherPaymentRows,
      [APPSHEET_TABLES.quarters.appSheetTable]: quarterRows,
      [APPSHEET_TABLES.teachers.appSheetTable]: teacherRows,
      [APPSHEET_TABLES.lessons.appSheetTable]: lessonRows,
      [APPSHEET_TABLES.roomHours.appSheetTable]: roomHourRows,
      [APPSHEET_TABLES.plans.appSheetTable]: planRows,
    },
  };
  if (options.closedDays ?? true) {
    school.tables[APPSHEET_TABLES.closedDays.appSheetTable] = closedRows;
    school.meta.closedDays = true;
  }
  if (options.mandates ?? true) addMandates(school);
  if (options.debits ?? true) addDebits(school);
  return (options.booking ?? true) ? addBooking(school) : school;
}
