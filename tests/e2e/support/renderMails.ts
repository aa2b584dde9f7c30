/**
 * Prints, as JSON, every kind of e-mail the functions send, in en, de and ru, made by the
 * functions' own code for tests/e2e/emails.spec.ts. A process of its own (tsx): the functions are
 * a CommonJS package that imports the ESM contract, a mix that Playwright's loader cannot
 * require on Node 22.12+ once the contract's modules are loaded as ESM.
 *
 *   npx tsx tests/e2e/support/renderMails.ts
 */
import { pathToFileURL } from 'node:url';
import { bookingDecisionMail, type BookingDecision } from '../../../functions/src/notifications/bookingDecisionMail';
import { noticeMail, type NoticeFacts } from '../../../functions/src/notifications/noticeMailContent';
import { officeMail } from '../../../functions/src/notifications/officeAlerts';
import { parentMail, type ParentMailSettings, type ParentMailSubject } from '../../../functions/src/notifications/parentMail';
import { invitationMail } from '../../../functions/src/office/invitationMail';

const LANGUAGES = ['en', 'de', 'ru'] as const;
const association = { name: 'Schulverein Lindenhof e.V.', address: 'Lindenstraße 1; 12345 Musterstadt' };
const settings: ParentMailSettings = {
  appOrigin: 'https://portal.lindenhof.example',
  functionsBaseUrl: 'https://europe-west1-lindenhof.cloudfunctions.net',
  linkKey: 'link-key',
  sepa: { recipient: association.name, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  timeZone: 'Europe/Berlin',
  association,
};
const parent = { uid: 'uid-anna', email: 'anna.mueller@example.com', name: 'Anna-Katharina Müller-Lüdenscheidt' };
const KINDS: ParentMailSubject[] = [
  { kind: 'paymentDue', amount: 1234.5 },
  { kind: 'paymentReceived', amount: 80, date: '2026-11-20', paymentId: 'P-2026-0042' },
  { kind: 'cancellationConfirmed', date: '2026-11-26T10:00:00.000Z' },
];
/** The office's decisions on booking requests: long names, two room hours, a note with markup characters. */
const confirmed: BookingDecision = {
  status: 'confirmed',
  childName: 'Maximilian-Alexander Müller-Lüdenscheidt',
  lessonName: 'Klavier für Fortgeschrittene (Einzelunterricht)',
  quarterName: '2027 Q1',
  roomHours: [
    { dayOfWeek: 'Mo.', hourRefLabel: '3 15:00-15:45', roomName: 'Musikraum' },
    { dayOfWeek: 'Do.', hourRefLabel: '4 16:00-16:45', roomName: 'Raum 204' },
  ],
  note: 'Bitte <Noten> & Stifte mitbringen; die erste Stunde beginnt eine Woche später.',
};
const DECISIONS: Array<{ kind: string; decision: BookingDecision }> = [
  { kind: 'bookingDecided (confirmed)', decision: confirmed },
  { kind: 'bookingDecided (declined)', decision: { ...confirmed, status: 'declined', roomHours: [confirmed.roomHours[0]!], note: null } },
];

/** A notice in two languages (English falls back to German) with a long link and markup characters, and a cancelled lesson in all three. */
const NOTICES: Array<{ kind: string; notice: NoticeFacts }> = [
  {
    kind: 'notices',
    notice: {
      noticeId: 'N-sommerfest',
      kind: 'notice',
      texts: {
        de: {
          title: 'Sommerfest am Samstag, 12. Juni: Anmeldung für Kuchenspenden bis Mittwoch',
          body: 'Liebe Familien,\n\nam Samstag feiern wir <gemeinsam> & mit Musik.\nAnmeldung: https://lindenhof.example/sommerfest/anmeldung-kuchenspenden-und-helferliste-2027?klasse=alle.\n\nIhr Schulbüro',
        },
        ru: {
          title: 'Летний праздник в субботу, 12 июня: запись на выпечку до среды',
          body: 'Дорогие семьи,\n\nв субботу праздник <вместе> & с музыкой.\nЗапись: https://lindenhof.example/sommerfest/anmeldung-kuchenspenden-und-helferliste-2027?klasse=alle.\n\nКанцелярия школы',
        },
      },
      languages: ['de', 'ru'],
      cancellation: null,
    },
  },
  {
    kind: 'lessonCancelled',
    notice: {
      noticeId: 'N-klavier',
      kind: 'cancellation',
      texts: {
        de: { title: 'Klavier für Fortgeschrittene fällt am Dienstag, 1. Dezember 2026 aus', body: 'Klavier für Fortgeschrittene am Dienstag, 1. Dezember 2026, 15:00-15:45, fällt aus. Grund: Frau Lind ist krank.' },
        en: { title: 'Klavier für Fortgeschrittene on Tuesday, 1 December 2026 is cancelled', body: 'Klavier für Fortgeschrittene on Tuesday, 1 December 2026, 15:00-15:45, is cancelled. Reason: Frau Lind ist krank.' },
        ru: { title: 'Занятие «Klavier für Fortgeschrittene» во вторник, 1 декабря 2026, отменено', body: 'Занятие «Klavier für Fortgeschrittene» во вторник, 1 декабря 2026, 15:00-15:45, отменено. Причина: Frau Lind ist krank.' },
      },
      languages: ['de', 'en', 'ru'],
      cancellation: { lessonId: 'L1', lessonName: 'Klavier für Fortgeschrittene (Einzelunterricht)', date: '2026-12-01', roomHourId: null, reason: 'Frau Lind ist krank.' },
    },
  },
];

export interface Rendered {
  html: string;
  text: string;
  attachments?: Array<{ cid: string; content: string }>;
}

type Language = (typeof LANGUAGES)[number];
export interface RenderedMails {
  /** What the e-mails were made with, for the test's expectations. */
  made: { association: typeof association; appOrigin: string; iban: string; bic: string; parentName: string };
  mails: Record<Language, { parents: Array<{ kind: string; mail: Rendered }>; invitation: Rendered; alert: Rendered }>;
}

async function renderAll(): Promise<RenderedMails> {
  const mails: Partial<RenderedMails['mails']> = {};
  for (const language of LANGUAGES) {
    const parents = [];
    for (const about of KINDS) parents.push({ kind: about.kind, mail: (await parentMail(about, { ...parent, language }, settings)).message as Rendered });
    for (const { kind, decision } of DECISIONS) parents.push({ kind, mail: bookingDecisionMail(decision, { ...parent, language }, settings).message as Rendered });
    for (const { kind, notice } of NOTICES) parents.push({ kind, mail: noticeMail(notice, { ...parent, language }, settings).message as Rendered });
    const invitation = invitationMail({ name: parent.name, email: parent.email }, { appOrigin: settings.appOrigin, association }, language);
    const alert = officeMail(
      'error',
      { status: 'error', syncType: 'full', startedAt: '2026-11-26T01:00:00.000Z', error: 'AppSheet answered 503 for the table Payments three times' },
      { language, timeZone: settings.timeZone, consoleUrl: `${settings.appOrigin}/admin`, association },
    );
    mails[language] = { parents, invitation, alert };
  }
  return {
    made: { association, appOrigin: settings.appOrigin, iban: settings.sepa.iban, bic: settings.sepa.bic, parentName: parent.name },
    mails: mails as RenderedMails['mails'],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.stdout.write(JSON.stringify(await renderAll()));
