/**
 * The office's daily e-mail of the next day's absences, per lesson: where the school sets an
 * office address (OFFICE_EMAIL), from the chosen hour (ABSENCE_MAIL_HOUR, school's clock) an
 * hourly run sends it once, through the `mail` collection like the office's alerts and in their
 * language (OFFICE_LANGUAGE, German by default). absence_mail_days/{today} is created together
 * with the e-mail in one batch, so that of two runs at once exactly one sends.
 *
 * A day without absences for tomorrow sends nothing and marks nothing: an empty e-mail every
 * evening teaches the office to stop reading them, and a report made later that evening still
 * reaches the office at the next hourly run.
 *
 * The e-mail names children and their reasons, so it is kept no longer than the absences it
 * lists: its `expireAt` (a Timestamp, for a TTL policy on `mail`, see docs/deploy.md) is the
 * morning the retention deletes the reports of that day, and the retention deletes it then too.
 */
import { ABSENCE_MAIL_DAYS, ABSENCE_RETENTION_MONTHS, MAIL, type AbsenceList } from '@family-portal/contract';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { MAIL_LOCALES, mailBody, type Association, type MailLanguage } from '../notifications/mailBody';
import { instantOfWallClock } from '../sync/time/wallClock';
import { dayIn } from '../lib/timeZone';
import { addDays, monthsAfter } from './absenceDays';
import { listAbsences } from './absenceList';

export interface AbsenceMailSettings {
  /** Null: the school set no office address, and nothing is sent. */
  officeEmail: string | null;
  /** From this hour of the school's day (0-23). */
  hour: number;
  timeZone: string;
  language: MailLanguage;
  /** The console's page of absences. */
  consoleUrl: string;
  association: Association;
  now?: Date;
}

const TEXTS = {
  de: {
    subject: (date: string) => `Familienportal: Abmeldungen für ${date}`,
    intro: (date: string, count: number) => `Für ${date} haben Familien ${count === 1 ? 'ein Kind' : `${count} Kinder`} abgemeldet, je Kurs:`,
    family: 'Familie',
    console: 'Abmeldungen in der Konsole',
    footer: 'Diese E-Mail geht einmal am Tag an die Adresse des Büros. Spätere Abmeldungen für diesen Tag zeigt die Konsole.',
  },
  en: {
    subject: (date: string) => `Family Portal: absences on ${date}`,
    intro: (date: string, count: number) => `For ${date}, families have reported ${count === 1 ? 'one child' : `${count} children`} absent, per course:`,
    family: 'family',
    console: 'Absences in the console',
    footer: "This e-mail goes to the office's address once a day. The console shows absences reported later for this day.",
  },
  ru: {
    subject: (date: string) => `Семейный портал: отсутствующие ${date}`,
    intro: (date: string, count: number) => `На ${date} семьи сообщили об отсутствии детей: ${count}. По курсам:`,
    family: 'семья',
    console: 'Отсутствующие в консоли',
    footer: 'Это письмо приходит на адрес канцелярии школы раз в день. Более поздние сообщения об отсутствии на этот день показывает консоль.',
  },
} as const;

/** The e-mail of one day's absences, as text and HTML (every name and reason escaped there). Pure. */
export function absenceMail(day: AbsenceList['days'][number], settings: Pick<AbsenceMailSettings, 'language' | 'consoleUrl' | 'association'>) {
  const t = TEXTS[settings.language];
  const date = new Intl.DateTimeFormat(MAIL_LOCALES[settings.language], { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${day.date}T00:00:00Z`));
  const children = new Set(day.lessons.flatMap((lesson) => lesson.children.map((child) => child.absenceId))).size;
  const body = mailBody(
    [
      { text: t.intro(date, children) },
      ...day.lessons.map((lesson) => ({
        title: lesson.lessonName,
        items: lesson.children.map((child) => `${child.childName} (${t.family} ${child.familyName})${child.reason ? `: ${child.reason}` : ''}`),
      })),
      { link: t.console, href: settings.consoleUrl },
      { text: t.footer, muted: true },
    ],
    { association: settings.association, appOrigin: new URL(settings.consoleUrl).origin, language: settings.language },
  );
  return { subject: t.subject(date), ...body };
}

/**
 * When the e-mail of one day's absences expires: the start (school's clock) of the day on which
 * deleteExpiredAbsences first deletes a report whose last day was that day.
 */
export function absenceMailExpiry(day: string, timeZone: string): Timestamp {
  const [year, month, date] = addDays(monthsAfter(day, ABSENCE_RETENTION_MONTHS), 1).split('-').map(Number) as [number, number, number];
  return Timestamp.fromDate(instantOfWallClock({ year, month, day: date, hour: 0, minute: 0, second: 0 }, timeZone));
}

const hourIn = (instant: Date, timeZone: string) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(instant));

export type AbsenceMailOutcome = 'no-office-address' | 'before-hour' | 'already-sent' | 'no-absences' | 'sent';

/** Called every hour: sends tomorrow's absences once today, from the chosen hour on. */
export async function sendDailyAbsenceMail(db: Firestore, settings: AbsenceMailSettings): Promise<AbsenceMailOutcome> {
  if (!settings.officeEmail) return 'no-office-address';
  const now = settings.now ?? new Date();
  if (hourIn(now, settings.timeZone) < settings.hour) return 'before-hour';
  const today = dayIn(now, settings.timeZone);
  const marker = db.collection(ABSENCE_MAIL_DAYS).doc(today);
  if ((await marker.get()).exists) return 'already-sent';
  const tomorrow = addDays(today, 1);
  const [day] = (await listAbsences(db, tomorrow, 1)).days;
  if (!day || day.lessons.length === 0) return 'no-absences';
  const mail = db.collection(MAIL).doc();
  const batch = db.batch();
  batch.create(marker, { absencesOf: tomorrow, sentAt: now.toISOString(), mailId: mail.id });
  batch.create(mail, { to: settings.officeEmail, message: absenceMail(day, settings), expireAt: absenceMailExpiry(tomorrow, settings.timeZone) });
  try {
    await batch.commit();
  } catch (error) {
    // Another run created today's marker first: it sent the e-mail.
    if ((error as { code?: number }).code === 6) return 'already-sent';
    throw error;
  }
  return 'sent';
}
