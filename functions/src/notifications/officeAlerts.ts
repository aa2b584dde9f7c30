/**
 * Office alerts: the office learns from an e-mail, not from the next visit to the console, that
 * a scheduled sync failed, held deletions back for confirmation, or reported warnings twice in a
 * row; and once more when the syncs are in order again. Every active admin gets one e-mail, at
 * most one of each kind a day (the school's day), through the `mail` collection.
 */
import { ADMIN_USERS, APPSHEET_TABLES, MAIL, OFFICE_ALERTS, SYNCED_COLLECTIONS, type SyncLog } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { dayIn } from '../lib/timeZone';
import { MAIL_LOCALES, mailBody, type Association, type MailLanguage } from './mailBody';

export type AlertKind = 'error' | 'heldBack' | 'warnings';
export type OfficeMailKind = AlertKind | 'allClear';

/** What a scheduled run's end tells the office; a run that crashed has only its error. */
export type SyncOutcome = Pick<SyncLog, 'status' | 'syncType' | 'startedAt' | 'error'> &
  Partial<Pick<SyncLog, 'tables' | 'rowErrors' | 'rowWarnings' | 'heldBackDeletions'>>;

/** Kept in office_alerts/state, closed to clients. */
export interface AlertState {
  /** The school day each kind was last sent on (YYYY-MM-DD). */
  lastSent: Partial<Record<AlertKind, string>>;
  /** An alert was sent and no all-clear since. */
  outstanding: boolean;
  /** The previous scheduled run ended with warnings. */
  previousHadWarnings: boolean;
}

export const INITIAL_ALERT_STATE: AlertState = { lastSent: {}, outstanding: false, previousHadWarnings: false };

function alertKindOf(outcome: SyncOutcome): AlertKind | null {
  if (outcome.status === 'error') return 'error';
  if ((outcome.heldBackDeletions ?? []).length > 0) return 'heldBack';
  return outcome.status === 'warning' ? 'warnings' : null;
}

/** Which e-mail a scheduled run's end calls for, if any, and the state after it. Pure. */
export function decideOfficeMail(state: AlertState, outcome: SyncOutcome, day: string): { send: OfficeMailKind | null; next: AlertState } {
  const kind = alertKindOf(outcome);
  const next: AlertState = { ...state, lastSent: { ...state.lastSent }, previousHadWarnings: outcome.status === 'warning' };
  if (kind === null) {
    // Only a run that had nothing to report clears; a run still running says nothing.
    if (outcome.status !== 'success' || !state.outstanding) return { send: null, next };
    return { send: 'allClear', next: { ...next, outstanding: false } };
  }
  if (kind === 'warnings' && !state.previousHadWarnings) return { send: null, next };
  if (state.lastSent[kind] === day) return { send: null, next };
  next.lastSent[kind] = day;
  return { send: kind, next: { ...next, outstanding: true } };
}

export const OFFICE_MAIL_TEXTS = {
  de: {
    subject: {
      error: 'Familienportal: Synchronisation fehlgeschlagen',
      heldBack: 'Familienportal: Löschungen warten auf Bestätigung',
      warnings: 'Familienportal: Synchronisation meldet Hinweise',
      allClear: 'Familienportal: Synchronisation wieder in Ordnung',
    },
    intro: {
      error: (run: string) => `Die geplante ${run} ist mit einem Fehler beendet worden.`,
      heldBack: (run: string) =>
        `Die geplante ${run} hat Löschungen zurückgehalten, weil sie nach einer unvollständigen Antwort von AppSheet aussahen. Sie werden erst ausgeführt, wenn ein Admin sie in der Konsole bestätigt.`,
      warnings: (run: string) => `Die geplanten Synchronisationen haben zweimal nacheinander Hinweise gemeldet, zuletzt die ${run}.`,
      allClear: (run: string) => `Die geplante ${run} ist wieder ohne Fehler und Hinweise gelaufen.`,
    },
    run: { full: 'Vollsynchronisation', delta: 'Änderungssynchronisation' },
    of: 'vom',
    tables: 'Tabellen',
    counts: { errors: 'Fehler', heldBack: 'zurückgehalten', warnings: 'Hinweise' },
    reasons: 'Gründe',
    console: 'Zur Sync-Konsole',
    footer: 'Diese E-Mail geht an alle aktiven Admins des Familienportals, höchstens einmal am Tag je Art.',
  },
  en: {
    subject: {
      error: 'Family Portal: sync failed',
      heldBack: 'Family Portal: deletions wait for confirmation',
      warnings: 'Family Portal: sync reports warnings',
      allClear: 'Family Portal: sync is in order again',
    },
    intro: {
      error: (run: string) => `The scheduled ${run} ended with an error.`,
      heldBack: (run: string) =>
        `The scheduled ${run} held deletions back because they looked like an incomplete answer from AppSheet. They are made only when an admin confirms them in the console.`,
      warnings: (run: string) => `The scheduled syncs reported warnings twice in a row, last the ${run}.`,
      allClear: (run: string) => `The scheduled ${run} ran without errors or warnings again.`,
    },
    run: { full: 'full sync', delta: 'delta sync' },
    of: 'of',
    tables: 'Tables',
    counts: { errors: 'errors', heldBack: 'held back', warnings: 'warnings' },
    reasons: 'Reasons',
    console: 'Open the sync console',
    footer: 'This e-mail goes to every active admin of the Family Portal, at most once a day per kind.',
  },
  ru: {
    subject: {
      error: 'Семейный портал: синхронизация не удалась',
      heldBack: 'Семейный портал: удаления ждут подтверждения',
      warnings: 'Семейный портал: синхронизация сообщает о замечаниях',
      allClear: 'Семейный портал: синхронизация снова в порядке',
    },
    intro: {
      error: (run: string) => `Плановая ${run} завершилась с ошибкой.`,
      heldBack: (run: string) =>
        `Плановая ${run} задержала удаления, потому что они похожи на неполный ответ AppSheet. Они будут выполнены только после подтверждения администратором в консоли.`,
      warnings: (run: string) => `Плановые синхронизации дважды подряд сообщили о замечаниях, последней — ${run}.`,
      allClear: (run: string) => `Плановая ${run} снова прошла без ошибок и замечаний.`,
    },
    run: { full: 'полная синхронизация', delta: 'синхронизация изменений' },
    of: 'от',
    tables: 'Таблицы',
    counts: { errors: 'ошибок', heldBack: 'задержано', warnings: 'замечаний' },
    reasons: 'Причины',
    console: 'Открыть консоль синхронизации',
    footer: 'Это письмо получают все активные администраторы Семейного портала, не чаще раза в день для каждого вида.',
  },
} as const;

const MAX_REASONS = 10;

/** The e-mail of one kind about one run, as text and HTML. Pure. */
export function officeMail(kind: OfficeMailKind, outcome: SyncOutcome, { language, timeZone, consoleUrl, association }: Omit<OfficeAlertSettings, 'now'>) {
  const t = OFFICE_MAIL_TEXTS[language];
  const when = new Intl.DateTimeFormat(MAIL_LOCALES[language], { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(outcome.startedAt));
  const intro = t.intro[kind](`${t.run[outcome.syncType]} ${t.of} ${when}`);
  const tableLines =
    kind === 'allClear'
      ? []
      : SYNCED_COLLECTIONS.flatMap((name) => {
          const counts = outcome.tables?.[name];
          if (!counts) return [];
          const parts = (['errors', 'heldBack', 'warnings'] as const).filter((key) => counts[key] > 0).map((key) => `${counts[key]} ${t.counts[key]}`);
          return parts.length > 0 ? [`${APPSHEET_TABLES[name].appSheetTable}: ${parts.join(', ')}`] : [];
        });
  const reasons =
    kind === 'allClear'
      ? []
      : [
          ...(outcome.error ? [outcome.error] : []),
          ...(outcome.heldBackDeletions ?? []).map((held) => `${APPSHEET_TABLES[held.table].appSheetTable}: ${held.reason}`),
          ...[...(outcome.rowErrors ?? []), ...(outcome.rowWarnings ?? [])].map(
            (note) => `${APPSHEET_TABLES[note.table].appSheetTable}${note.key ? ` ${note.key}` : ''}: ${note.reason}`,
          ),
        ].slice(0, MAX_REASONS);
  const body = mailBody([
    { text: intro },
    { title: t.tables, items: tableLines },
    { title: t.reasons, items: reasons },
    { link: t.console, href: consoleUrl },
    { text: t.footer, muted: true },
  ], { association, appOrigin: new URL(consoleUrl).origin, language });
  return { subject: t.subject[kind], ...body };
}

export interface OfficeAlertSettings {
  language: MailLanguage;
  timeZone: string;
  /** The admin console, e.g. https://portal.example.org/admin. */
  consoleUrl: string;
  /** Who sends: named at the top and in the footer. */
  association: Association;
  now?: Date;
}

/**
 * After a scheduled run: decides, and writes the e-mails (one per active admin) together with the
 * new state in one transaction, so that two runs ending at once cannot both send. Returns the kind
 * sent, if any.
 */
export async function notifyOffice(db: Firestore, outcome: SyncOutcome, settings: OfficeAlertSettings): Promise<OfficeMailKind | null> {
  const stateRef = db.collection(OFFICE_ALERTS).doc('state');
  const day = dayIn(settings.now ?? new Date(), settings.timeZone);
  return db.runTransaction(async (transaction) => {
    const [stateSnapshot, admins] = await Promise.all([transaction.get(stateRef), transaction.get(db.collection(ADMIN_USERS).where('active', '==', true))]);
    const state = { ...INITIAL_ALERT_STATE, ...(stateSnapshot.data() as Partial<AlertState> | undefined) };
    const { send, next } = decideOfficeMail(state, outcome, day);
    transaction.set(stateRef, next);
    if (!send) return null;
    const message = officeMail(send, outcome, settings);
    for (const admin of admins.docs) transaction.create(db.collection(MAIL).doc(), { to: admin.id, message });
    return send;
  });
}
