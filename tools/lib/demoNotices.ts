/**
 * The demo school's notices, as the office would send them after the initial sync: one notice
 * to every family with an account (the demo parents), and one of Anna Müller's lessons cancelled
 * on one of its days in the coming two weeks (for every family of that lesson), so that the dashboard, the notices page, the plans page and
 * her calendar show both. Sent through the real endpoints (sendNotice, cancelLesson) with the
 * demo admin's token, so the copies, the audit entries and the e-mails are the functions' own.
 * On a school whose data holds none of the demo accounts' addresses nobody has an account yet:
 * the steps say they are skipped.
 */
import { randomUUID } from 'node:crypto';
import { currentQuarter, MEMBER_EMAILS, WEEKDAYS, type SendNoticeBody } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { dayIn, schoolTimeZone } from '../../functions/src/lib/timeZone';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../appsheet/generator';
import { ADMIN_EMAIL } from './demoAccounts';
import { EMULATOR_HOST, PORTS, PROJECT_ID } from './stack';

export const DEMO_NOTICE: Omit<SendNoticeBody, 'idempotencyKey'> = {
  texts: {
    de: {
      title: 'Elternabend am 10. Dezember',
      body: 'Liebe Eltern,\nam 10. Dezember um 18 Uhr laden wir zum Elternabend in die Aula ein. Die Tagesordnung: https://example.org/elternabend\nIhre Schulverwaltung',
    },
    en: {
      title: "Parents' evening on 10 December",
      body: "Dear parents,\non 10 December at 6 pm we invite you to the parents' evening in the hall. The agenda: https://example.org/elternabend\nThe school office",
    },
    ru: {
      title: 'Родительское собрание 10 декабря',
      body: 'Уважаемые родители!\n10 декабря в 18:00 приглашаем вас на родительское собрание в актовом зале. Повестка дня: https://example.org/elternabend\nКанцелярия школы',
    },
  },
  audience: { kind: 'all' },
};
export const DEMO_CANCELLATION_REASON = 'Die Lehrerin ist erkrankt.';

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (day: string) => WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7];

/**
 * The first day from `from` days after `today` on, up to `lastDay` and at most two weeks on, that
 * falls on one of these weekdays ("Mo." …). Pure.
 */
export function nextLessonDay(weekdays: readonly string[], today: string, lastDay: string, from = 1): string | null {
  for (let ahead = from; ahead <= 14; ahead += 1) {
    const day = addDays(today, ahead);
    if (day > lastDay) return null;
    if (weekdays.includes(weekdayOf(day) ?? '')) return day;
  }
  return null;
}

/**
 * The browser tests cancel a lesson on its next date within the week (tests/e2e/support/
 * lessonDates.ts) and find the cancellation by its title, the lesson and the date: the demo's is
 * a week or more ahead, so that it never shares a title with theirs; nearer only when the quarter
 * ends sooner.
 */
const DEMO_DAYS_AHEAD = 8;

/** A lesson of the demo parent's current plans and its next day, or null when she has none. */
export async function demoCancellation(db: Firestore, now = new Date()): Promise<{ lessonId: string; lessonName: string; date: string } | null> {
  const today = dayIn(now, schoolTimeZone());
  const memberId = (await db.doc(`${MEMBER_EMAILS}/${DEMO_ACCOUNTS[0].email}`).get()).get('memberId') as string | undefined;
  const quarters = (await db.collection('quarters').get()).docs.map((doc) => ({ id: doc.id, ...(doc.data() as { name: string; status: string; firstDay: string; lastDay: string }) }));
  const quarter = currentQuarter(quarters, today);
  if (!memberId || !quarter) return null;
  const plans = await db.collection('plans').where('memberId', '==', memberId).where('quarterId', '==', quarter.id).get();
  for (const plan of plans.docs.sort((a, b) => a.id.localeCompare(b.id))) {
    const lessonId = String(plan.get('lessonId'));
    const roomHours = (await db.collection('roomHours').where('lessonId', '==', lessonId).get()).docs;
    const planned = (plan.get('roomHourIds') as string[] | undefined) ?? [];
    const weekdays = roomHours.filter((roomHour) => planned.length === 0 || planned.includes(roomHour.id)).map((roomHour) => String(roomHour.get('dayOfWeek')));
    const date = nextLessonDay(weekdays, today, quarter.lastDay, DEMO_DAYS_AHEAD) ?? nextLessonDay(weekdays, today, quarter.lastDay);
    if (date) return { lessonId, lessonName: String((await db.doc(`lessons/${lessonId}`).get()).get('name') ?? lessonId), date };
  }
  return null;
}

async function adminToken(): Promise<string> {
  const response = await fetch(`http://${EMULATOR_HOST}:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`the demo admin's sign-in failed: ${body.error?.message}`);
  return body.idToken;
}

/** What an endpoint answered: the recipients of what it sent, or its HTTP status and message. */
export type EndpointAnswer = { ok: true; recipients: number } | { ok: false; endpoint: string; status: number; error?: string; message: string };

/**
 * The endpoint's answer read from its status and body text, or null when the body is not JSON:
 * the Functions emulator answers before it has loaded the functions (HTTP 404, not JSON). Pure.
 */
export function readAnswer(endpoint: string, status: number, text: string): EndpointAnswer | null {
  let answer: { data?: { recipients?: unknown }; error?: unknown; message?: unknown };
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    return null;
  }
  if (status >= 200 && status < 300 && typeof answer?.data?.recipients === 'number') return { ok: true, recipients: answer.data.recipients };
  const message = typeof answer?.message === 'string' ? answer.message : text.slice(0, 200);
  return { ok: false, endpoint, status, ...(typeof answer?.error === 'string' && { error: answer.error }), message };
}

/**
 * A POST to an endpoint as the demo admin. `npm start` goes on once the Functions emulator's port
 * answers, which may be before it has loaded the functions: asked again for up to 30 s.
 */
async function post(endpoint: string, token: string, body: object): Promise<EndpointAnswer> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`http://${EMULATOR_HOST}:${PORTS.functions}/${PROJECT_ID}/europe-west1/${endpoint}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const answer = readAnswer(endpoint, response.status, text);
    if (answer) return answer;
    if (Date.now() > deadline) return { ok: false, endpoint, status: response.status, message: text.slice(0, 200) };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A demo step's line: what it did, or that it found nothing to do, or what failed. */
export interface DemoLine {
  text: string;
  failed: boolean;
}

/** A demo step: its name in the lines, and why an empty audience leaves it nothing to do. */
interface DemoStep {
  name: string;
  nobody: string;
  done(recipients: number): string;
}

/**
 * The functions refuse to send to nobody (notices/audience.ts, emptyAudience): for a demo step
 * that is nothing to do, as on a school whose data holds none of the demo accounts' addresses.
 */
const isEmptyAudience = (answer: EndpointAnswer) =>
  !answer.ok && answer.status === 400 && answer.error === 'invalid-argument' && answer.message.startsWith('No family is in this audience');

/** The step's line for the endpoint's answer: done, skipped (an empty audience) or failed. Pure. */
export function demoLine(step: DemoStep, answer: EndpointAnswer): DemoLine {
  if (answer.ok) return { text: step.done(answer.recipients), failed: false };
  if (isEmptyAudience(answer)) return { text: `${step.name}: skipped, ${step.nobody}`, failed: false };
  return { text: `${step.name}: failed, ${answer.endpoint} answered HTTP ${answer.status}: ${answer.message}`, failed: true };
}

const NOTICE_STEP: DemoStep = {
  name: 'demo notice',
  nobody: 'no family in the audience has a portal account yet',
  done: (recipients) => `notice "${DEMO_NOTICE.texts.en?.title}" to ${recipients} families with an account`,
};

const cancellationStep = ({ lessonName, date }: { lessonName: string; date: string }): DemoStep => ({
  name: 'demo cancellation',
  nobody: `no active family is planned in ${lessonName} on ${date}`,
  done: (recipients) => `${lessonName} cancelled on ${date} for ${recipients} families`,
});

/**
 * Sends the demo notice and cancels the demo lesson; one line each. A step with nothing to do
 * (no family in its audience, no lesson to cancel) is skipped; a refused one is a failed line,
 * and the other step is still tried.
 */
export async function runDemoNotices(db: Firestore, now = new Date()): Promise<DemoLine[]> {
  const token = await adminToken();
  // One key per step, kept by post()'s attempts: an attempt the emulator took before it answered sends once.
  const notice = demoLine(NOTICE_STEP, await post('sendNotice', token, { ...DEMO_NOTICE, idempotencyKey: randomUUID() }));
  const cancellation = await demoCancellation(db, now);
  if (!cancellation) return [notice, { text: `demo cancellation: skipped, no lesson of ${DEMO_ACCOUNTS[0].name}'s in the coming days`, failed: false }];
  const cancelled = await post('cancelLesson', token, { lessonId: cancellation.lessonId, date: cancellation.date, reason: DEMO_CANCELLATION_REASON, idempotencyKey: randomUUID() });
  return [notice, demoLine(cancellationStep(cancellation), cancelled)];
}

/**
 * The lines `npm start` prints: the demo is optional, so a failed step is a warning and the
 * stack comes up without it. Pure.
 */
export function startLines(lines: readonly DemoLine[]): string[] {
  return lines.map((line) => (line.failed ? `warning: ${line.text} (the stack runs without it)` : line.text));
}

/**
 * As runDemoNotices, for the browser tests' starting state (tools/seed.ts), which needs both:
 * a failed step throws.
 */
export async function seedDemoNotices(db: Firestore, now = new Date()): Promise<string[]> {
  const lines = await runDemoNotices(db, now);
  const failed = lines.filter((line) => line.failed);
  if (failed.length > 0) throw new Error(failed.map((line) => line.text).join('; '));
  return lines.map((line) => line.text);
}
