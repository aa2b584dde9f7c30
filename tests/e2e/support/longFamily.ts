/**
 * A family made to stretch every layout: long names for the parents, eight children, courses,
 * teachers and rooms, a long address and e-mail, long payment and deposit comments, and money
 * owed, so that the SEPA block shows with the long primary name as its reference; next quarter
 * offers its long Russian course (one time full) and three of its children have asked for it
 * (waiting, declined with a long note, confirmed), for the plans page's booking section. Its parent is
 * an admin too, so that one sign-in reaches the admin console with a long name in its header.
 *
 * It goes in the way the office's data does: rows added to the AppSheet demo server, then a full
 * sync through the real sync code (member index, member_references and all); and out the same
 * way, so that the shared demo data (60 families) is as before for the specs that count it.
 */
import { createHash } from 'node:crypto';
import { AUTH, FIRESTORE, fullSyncAsAdmin, owner, PROJECT, signUpThroughAuthApi } from './emulators';

const APPSHEET = 'http://127.0.0.1:8787/api/v2/apps/demo-app/tables';

const SURNAME = 'Wolkenstein-Hohenzollern-Sigmaringen';
export const LONG_FAMILY = {
  memberId: 'M9901',
  email: 'maximiliane-konstantina.wolkenstein-hohenzollern@example.com',
  password: 'layout-guard-1',
  /** Also the SEPA reference on the payment block. */
  primaryName: `Maximiliane-Konstantina ${SURNAME}`,
} as const;

const CHILD_NAMES = [
  `Alexandra-Charlotte ${SURNAME}`,
  `Konstantin-Maximilian ${SURNAME}`,
  'Анастасия-Виктория Волкенштейн-Гогенцоллерн-Зигмаринген',
  'Friedrich-Wilhelm Bartholomäus Wolkenstein-Hohenzollern',
  'Екатерина-Александра Волкенштейн-Гогенцоллерн',
  `Leopoldine-Josephine ${SURNAME}`,
  'Maximilian-Alexander von Wolkenstein-Hohenzollern',
  'Ксения-Валентина Волкенштейн-Гогенцоллерн-Зигмаринген',
];

const TEACHERS = [
  { 'Teacher ID': 'T901', Name: 'Dr. Konstantin Alexandrowitsch Preobraschenski-Woskressenski' },
  { 'Teacher ID': 'T902', Name: 'Александра Владимировна Преображенская-Воскресенская' },
];

const LESSONS = [
  { id: 'L901', name: 'Mathematik-Olympiadevorbereitung für Fortgeschrittene – Leistungsgruppe B (mittwochs)', teacher: 'T901', hours: 1.5, price: 18, extras: 25 },
  { id: 'L902', name: 'Русский язык и литература: подготовка к олимпиаде – продвинутая группа', teacher: 'T902', hours: 2, price: 16.5, extras: 15 },
  { id: 'L903', name: 'Schach für Anfänger und Fortgeschrittene mit Turniervorbereitung', teacher: 'T901', hours: null, price: 14, extras: 0 },
  { id: 'L904', name: 'Kunst, Keramik und Werken – Kreativwerkstatt für Grundschulkinder', teacher: 'T902', hours: 1, price: 15, extras: 10 },
];
const ROOMS = ['Großer Musiksaal im Erdgeschoss des Nebengebäudes (Raum E.017)', 'Актовый зал, 2-й этаж, кабинет 214 (вход со двора)'];

type Row = Record<string, unknown>;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const round2 = (n: number) => Math.round(n * 100) / 100;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** The demo server's input format for dates (Locale de-DE). */
const deDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const daysAgo = (days: number) => deDay(isoDay(new Date(Date.now() - days * 86_400_000)));

/** The current quarter's id and the one before, as the demo generator names them. */
function quarterIds(): [string, string] {
  const today = new Date();
  const index = today.getUTCFullYear() * 4 + Math.floor(today.getUTCMonth() / 3);
  const id = (i: number) => `Q${Math.floor(i / 4)}-${(i % 4) + 1}`;
  return [id(index), id(index - 1)];
}

/** Every row of the family, per AppSheet table, in the demo server's de-DE input format. */
function familyRows(): Record<string, Row[]> {
  const { memberId } = LONG_FAMILY;
  const [current, previous] = quarterIds();
  const lessons: Row[] = LESSONS.map((lesson) => ({
    'Lesson ID': lesson.id,
    Name: lesson.name,
    'Teacher ID': lesson.teacher,
    Hours: lesson.hours,
    'Price Per Hour': lesson.price,
    'Extras Per Quarter': lesson.extras,
    'WhatsApp Group': `https://chat.whatsapp.com/LayoutGuard${lesson.id}KursgruppeFuerEltern2025`,
  }));
  const roomHours: Row[] = LESSONS.flatMap((lesson, l) => [
    { 'Room Hour ID': `RH${lesson.id.slice(1)}-1`, 'Lesson ID': lesson.id, Day: ['Mi.', 'Sa.', 'Mo.', 'Fr.'][l], Hour: `${l + 3} - 15:${pad(l * 10, 2)}-16:${pad(l * 10 + 5, 2)}`, Room: ROOMS[l % 2] },
    { 'Room Hour ID': `RH${lesson.id.slice(1)}-2`, 'Lesson ID': lesson.id, Day: 'So.', Hour: `${l + 1} - 10:00-10:45`, Room: ROOMS[(l + 1) % 2] },
  ]);

  const children: Row[] = [];
  const plans: Row[] = [];
  let childrenBalance = 0;
  CHILD_NAMES.forEach((name, c) => {
    const childId = `C${memberId.slice(1)}-${c + 1}`;
    const age = 5 + c;
    children.push({
      'Child ID': childId,
      'Member ID': memberId,
      Name: name,
      Birthday: daysAgo(age * 365 + 40),
      Age: age,
      Class: age >= 6 ? `${age - 5}b (Ganztagsklasse mit Förderschwerpunkt)` : 'Vorschulgruppe „Kleine Entdecker“',
      Status: 'Aktiv',
    });
    // Two courses this quarter for every other child, one the quarter before; each payment
    // state of a plan card: unpaid, partly paid, paid, paid with credit.
    const enrolments: Array<[string, (typeof LESSONS)[number]]> = [[current, LESSONS[c % 4]!], [previous, LESSONS[(c + 1) % 4]!]];
    if (c % 2 === 0) enrolments.push([current, LESSONS[(c + 2) % 4]!]);
    for (const [quarterId, lesson] of enrolments) {
      const weeks = 11 + (plans.length % 3);
      const cost = round2((lesson.hours ?? 1) * weeks * lesson.price + lesson.extras);
      const paid = [0, round2(cost / 3), cost, round2(cost + 12.5)][plans.length % 4]!;
      childrenBalance += paid - cost;
      plans.push({
        'Plan ID': `PL99${pad(plans.length + 1, 4)}`,
        'Child ID': childId,
        'Quarter ID': quarterId,
        'Lesson ID': lesson.id,
        Weeks: weeks,
        'Room Hour IDs': [`RH${lesson.id.slice(1)}-1`, `RH${lesson.id.slice(1)}-2`],
        Paid: paid,
        Balance: round2(paid - cost),
      });
    }
  });

  const comments = [
    `Kursgebühr ${previous} für Alexandra-Charlotte und Konstantin-Maximilian (Mathematik-Olympiade, Schach, Keramik)`,
    'Mitgliedsbeitrag für das laufende Schuljahr einschließlich Nachzahlung für das vergangene Halbjahr',
    'Оплата за занятия по русскому языку и литературе за первое и второе полугодие (Анастасия-Виктория)',
    'Rückerstattung wegen Kursausfall: Kunst, Keramik und Werken – Kreativwerkstatt',
    'Überweisung',
    null,
  ];
  const types = ['Überweisung', 'Bar', 'Karte', 'Überweisung', 'Sonstiges', 'Überweisung'];
  const payments: Row[] = comments.map((comment, p) => {
    const refund = p === 3;
    const amount = refund ? 48.75 : 1234.56 - p * 111;
    return {
      'Payment ID': `P${memberId.slice(1)}-${pad(p + 1, 3)}`,
      'Member ID': memberId,
      Date: daysAgo(p * 50 + 3),
      Amount: amount,
      Balance: 0,
      Comment: comment,
      'Payment Type': types[p],
      Direction: refund ? 'Ausgang' : 'Eingang',
      'Plan Shares': refund ? 0 : round2(amount - 60 - 25),
      'Membership Shares': refund ? 0 : 60,
      'Other Payments Share': refund ? 0 : 25,
    };
  });

  const otherPayments: Row[] = CHILD_NAMES.slice(0, 6).map((_, c) => ({
    'Other Payment ID': `OP${memberId.slice(1)}-${c + 1}`,
    'Member ID': memberId,
    Type: 'Bücherkaution',
    Status: c % 3 === 2 ? 'Erstattet' : 'Aktiv',
    Date: daysAgo(20 + c * 30),
    Amount: 1250 + c,
    'Child ID': `C${memberId.slice(1)}-${c + 1}`,
    Comment: c % 2 === 0 ? 'Lehrbuch „Русский язык. 5 класс“ und Arbeitsheft Mathematik für die Olympiadevorbereitung (zwei Bände)' : null,
  }));
  otherPayments.push({
    'Other Payment ID': `OP${memberId.slice(1)}-x`,
    'Member ID': memberId,
    Type: 'Bücherkaution',
    Status: 'Aktiv',
    Date: daysAgo(5),
    Amount: 75,
    'Child ID': null,
    Comment: 'Allgemeine Kaution für die Schulbibliothek (Leihgabe der Lehrbücher für alle acht Kinder der Familie)',
  });

  const membershipBalance = -60;
  return {
    Members: [{
      'Member ID': memberId,
      'Primary Name': LONG_FAMILY.primaryName,
      'Secondary Name': `Konstantin-Alexander ${SURNAME}`,
      Email: LONG_FAMILY.email,
      Phone: '+49 (0) 7571 123456-789',
      'Phone 2': '+49 170 1234567 (nur abends und am Wochenende)',
      Address: 'Fürst-Wilhelm-von-Hohenzollern-Straße 123a, Hinterhaus, 3. OG links, 72488 Sigmaringen-Laiz',
      Status: 'Aktiv',
      'Membership Type': 'Familienmitgliedschaft (ermäßigt, Geschwisterrabatt ab dem dritten Kind)',
      'Member Since': daysAgo(3000),
      'Cancellation Requested': false,
      Balance: round2(childrenBalance + membershipBalance),
      'Children Balance': round2(childrenBalance),
      'Membership Balance': membershipBalance,
    }],
    Children: children,
    Teachers: TEACHERS,
    Lessons: lessons,
    'Room Hours': roomHours,
    Plans: plans,
    Payments: payments,
    'Other Payments': otherPayments,
    ...bookingRows(),
  };
}

/** The next quarter's first day (YYYY-MM-DD) and id, as the demo generator names it. */
function nextQuarter(): { id: string; firstDay: string } {
  const today = new Date();
  const index = today.getUTCFullYear() * 4 + Math.floor(today.getUTCMonth() / 3) + 1;
  const year = Math.floor(index / 4);
  const q = (index % 4) + 1;
  return { id: `Q${year}-${q}`, firstDay: `${year}-${pad((q - 1) * 3 + 1, 2)}-01` };
}

/** The booking functions' request key (functions/src/booking/keys.ts). */
const requestKey = (quarterId: string, lessonId: string, childId: string) =>
  `REQ-${createHash('sha256').update(`${quarterId}\u0000${lessonId}\u0000${childId}`).digest('hex').slice(0, 20)}`;

/** The long Russian course offered next quarter: its first time full, requests of three of the children. */
export const LONG_BOOKING = { lessonId: 'L902', lessonName: LESSONS[1]!.name, waitingChild: CHILD_NAMES[0]!, freeChild: CHILD_NAMES[1]!, inLineChild: CHILD_NAMES[4]! } as const;

function bookingRows(): Record<string, Row[]> {
  const quarter = nextQuarter();
  const { memberId } = LONG_FAMILY;
  const offerId = `OFFER-LAYOUT-${LONG_BOOKING.lessonId}`;
  const childId = (c: number) => `C${memberId.slice(1)}-${c + 1}`;
  const request = (c: number, status: string, note: string | null, roomHourIds: string[]) => ({
    'Request ID': requestKey(quarter.id, LONG_BOOKING.lessonId, childId(c)),
    'Child ID': childId(c),
    'Quarter ID': quarter.id,
    'Lesson ID': LONG_BOOKING.lessonId,
    'Offer ID': offerId,
    'Room Hour IDs': roomHourIds,
    Weeks: 12,
    Status: status,
    'Requested At': `${daysAgo(3)} 08:15:00`,
    'Requested By': LONG_FAMILY.email,
    Note: note,
    'Decided At': status === 'Angefragt' || status === 'Warteliste' ? null : `${daysAgo(1)} 09:00:00`,
  });
  return {
    Offers: [{
      'Offer ID': offerId,
      'Quarter ID': quarter.id,
      'Lesson ID': LONG_BOOKING.lessonId,
      // Blank: both of the lesson's times.
      'Room Hour IDs': null,
      Places: 2,
      Weeks: 12,
      'Requests Until': deDay(quarter.firstDay),
    }],
    'Course Requests': [
      request(0, 'Angefragt', null, ['RH902-1', 'RH902-2']),
      request(2, 'Abgelehnt', 'Die Sonntagsgruppe ist leider ausgebucht; im übernächsten Quartal sind wieder Plätze frei, bitte melden Sie sich dann erneut im Schulbüro.', ['RH902-2']),
      request(3, 'Bestätigt', 'Bitte das Lehrbuch „Русский язык. 5 класс“ und ein Heft mitbringen.', ['RH902-1']),
      // On the waiting list of the full time, with the office's note (docs/booking.md).
      request(4, 'Warteliste', 'Ihre Familie ist wegen eines Geschwisterkindes im Kurs auf der Warteliste nach vorn gerückt.', ['RH902-1']),
    ],
  };
}

const KEY_COLUMNS: Record<string, string> = {
  Members: 'Member ID',
  Children: 'Child ID',
  Teachers: 'Teacher ID',
  Lessons: 'Lesson ID',
  'Room Hours': 'Room Hour ID',
  Plans: 'Plan ID',
  Payments: 'Payment ID',
  'Other Payments': 'Other Payment ID',
  Offers: 'Offer ID',
  'Course Requests': 'Request ID',
};

async function appSheet(table: string, action: 'Find' | 'Add' | 'Delete', rows: Row[]): Promise<Row[]> {
  const response = await fetch(`${APPSHEET}/${encodeURIComponent(table)}/Action`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ApplicationAccessKey: 'demo-access-key' },
    body: JSON.stringify({ Action: action, Properties: { Locale: 'de-DE' }, Rows: rows }),
  });
  if (!response.ok) throw new Error(`AppSheet ${action} on ${table}: HTTP ${response.status} ${await response.text()}`);
  const body = (await response.json()) as Row[] | { Rows: Row[] };
  return Array.isArray(body) ? body : body.Rows;
}

/** Deletes whatever of the family's rows the demo server holds (none, some or all). */
async function deleteRows(): Promise<void> {
  for (const [table, rows] of Object.entries(familyRows())) {
    const key = KEY_COLUMNS[table] as string;
    const present = await appSheet(table, 'Find', rows.map((row) => ({ [key]: row[key] })));
    if (present.length > 0) await appSheet(table, 'Delete', present.map((row) => ({ [key]: row[key] })));
  }
}

async function accountId(email: string): Promise<string | null> {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:lookup`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({ email: [email] }),
  });
  const { users } = (await response.json()) as { users?: Array<{ localId: string }> };
  return users?.[0]?.localId ?? null;
}

async function deleteAccount(email: string): Promise<void> {
  const localId = await accountId(email);
  if (!localId) return;
  await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:delete`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({ localId }),
  });
}

const adminRecord = `${FIRESTORE}/v1/projects/${PROJECT}/databases/(default)/documents/admin_users/${encodeURIComponent(LONG_FAMILY.email)}`;

/**
 * Adds the family (rows, full sync, a verified account named like the parent, an admin record).
 * Leftovers of an earlier run are removed first, so this can run again after a failed test.
 */
export async function addLongFamily(): Promise<void> {
  await deleteRows();
  await deleteAccount(LONG_FAMILY.email);
  for (const [table, rows] of Object.entries(familyRows())) await appSheet(table, 'Add', rows);
  const status = await fullSyncAsAdmin();
  if (status !== 200) throw new Error(`full sync after adding the long family: HTTP ${status}`);
  // Signed up as anyone would (the membership gate lets a member's address through), then
  // verified and named by the office's tools.
  const { body } = await signUpThroughAuthApi(LONG_FAMILY.email, LONG_FAMILY.password);
  if (!body.localId) throw new Error(`sign-up of ${LONG_FAMILY.email} failed: ${body.error?.message}`);
  await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({ localId: body.localId, emailVerified: true, displayName: LONG_FAMILY.primaryName }),
  });
  const admin = await fetch(adminRecord, { method: 'PATCH', headers: owner, body: JSON.stringify({ fields: { active: { booleanValue: true } } }) });
  if (!admin.ok) throw new Error(`admin record: HTTP ${admin.status}`);
}

/** Takes the family out again: account, admin record, rows, and a full sync that deletes its documents. */
export async function removeLongFamily(): Promise<void> {
  await deleteAccount(LONG_FAMILY.email);
  await fetch(adminRecord, { method: 'DELETE', headers: owner });
  await deleteRows();
  const status = await fullSyncAsAdmin();
  if (status !== 200) throw new Error(`full sync after removing the long family: HTTP ${status}`);
}
