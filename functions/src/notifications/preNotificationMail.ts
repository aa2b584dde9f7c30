/**
 * The pre-notification ("Vorabankündigung") of a collection: before the bank debits the family,
 * the creditor tells it the amount and the date, with the mandate reference and the creditor
 * identifier (EPC016-06 PT-04.03; the mandate text says at least 14 days ahead). A legal notice,
 * not a choice: it goes whatever the parent's e-mail choices, without an unsubscribe link, in the
 * language the family's account chose (German for a family without an account).
 */
import { MAIL, NOTIFICATION_CHOICES, type Debit } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { chunk } from 'es-toolkit/array';
import { isMailLanguage } from '../lib/mailLanguage';
import { mailBody, MAIL_LOCALES, type MailLanguage } from './mailBody';
import type { PushMessage } from '../push/pushMessage';
import type { MandateMailSettings } from './mandateMail';

const TEXTS = {
  en: {
    subject: 'Announcement of your SEPA direct debit',
    push: { title: 'Direct debit announced', body: (amount: string, day: string) => `${amount} will be collected on ${day}.` },
    greeting: (name: string) => `Hello ${name},`,
    text: (creditor: string, amount: string, day: string) => `${creditor} will collect ${amount} from your account by SEPA direct debit on ${day}. Please make sure the account is covered on that day.`,
    paid: 'If you pay this amount by transfer before then, tell the school office: the debit is then taken back.',
    rows: { amount: 'Amount', day: 'Collection date', reference: 'Mandate reference', creditorId: 'Creditor identifier', iban: 'Account' },
    screen: 'Your family in the portal',
  },
  de: {
    subject: 'Vorabankündigung Ihrer SEPA-Lastschrift',
    push: { title: 'Lastschrift angekündigt', body: (amount: string, day: string) => `${amount} werden am ${day} eingezogen.` },
    greeting: (name: string) => `Hallo ${name},`,
    text: (creditor: string, amount: string, day: string) => `${creditor} zieht am ${day} ${amount} per SEPA-Lastschrift von Ihrem Konto ein. Bitte sorgen Sie an diesem Tag für Deckung.`,
    paid: 'Wenn Sie den Betrag vorher überweisen, sagen Sie es bitte dem Schulbüro: Die Lastschrift wird dann zurückgenommen.',
    rows: { amount: 'Betrag', day: 'Fälligkeitstag', reference: 'Mandatsreferenz', creditorId: 'Gläubiger-Identifikationsnummer', iban: 'Konto' },
    screen: 'Ihre Familie im Portal',
  },
  ru: {
    subject: 'Уведомление о предстоящем списании SEPA',
    push: { title: 'Предстоящее списание', body: (amount: string, day: string) => `${day} будет списано ${amount}.` },
    greeting: (name: string) => `Здравствуйте, ${name}!`,
    text: (creditor: string, amount: string, day: string) => `${day} ${creditor} спишет с вашего счёта ${amount} прямым дебетованием SEPA (Lastschrift). Пожалуйста, позаботьтесь, чтобы в этот день на счёте было достаточно средств.`,
    paid: 'Если вы оплатите эту сумму переводом раньше, сообщите об этом в канцелярию школы: тогда списание будет отменено.',
    rows: { amount: 'Сумма', day: 'Дата списания', reference: 'Номер мандата', creditorId: 'Идентификатор получателя', iban: 'Счёт' },
    screen: 'Ваша семья в портале',
  },
} satisfies Record<MailLanguage, unknown>;

export interface PreNotificationFamily {
  name: string;
  ibanMasked: string;
}

const euros = (cents: number, language: MailLanguage) => new Intl.NumberFormat(MAIL_LOCALES[language], { style: 'currency', currency: 'EUR' }).format(cents / 100);
const dayOf = (day: string, language: MailLanguage) =>
  new Intl.DateTimeFormat(MAIL_LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The `mail` document of one family's pre-notification. */
export function preNotificationMail(debit: Debit, amountCents: number, family: PreNotificationFamily, to: PreNotificationRecipient, settings: MandateMailSettings) {
  const t = TEXTS[to.language];
  const [amount, day] = [euros(amountCents, to.language), dayOf(debit.collectionDate, to.language)];
  const rows: Array<[string, string]> = [
    [t.rows.amount, amount],
    [t.rows.day, day],
    [t.rows.reference, debit.mandateReference],
    [t.rows.creditorId, settings.creditorId],
    [t.rows.iban, family.ibanMasked],
  ];
  const body = mailBody(
    [{ text: t.greeting(family.name) }, { text: t.text(settings.association.name, amount, day) }, { rows }, { text: t.paid, muted: true }, { link: t.screen, href: new URL('/', settings.appOrigin).href }],
    { association: settings.association, appOrigin: settings.appOrigin, language: to.language },
  );
  // The push beside it, to the parent's devices (push/deliverPush.ts): a legal notice as well.
  const push: PushMessage = { kind: 'directDebitAnnounced', language: to.language, title: t.push.title, body: t.push.body(amount, day), path: '/', tag: `prenotification-${debit.id}` };
  return { to: to.email, ...(to.uid ? { uid: to.uid, push } : {}), message: { subject: t.subject, ...body } };
}

export interface PreNotificationRecipient {
  uid: string | null;
  email: string;
  language: MailLanguage;
}

/**
 * Who is told, per family: each parent account of the family (its e-mail choices name the
 * family), in the language it chose; a family without an account at its member e-mail, in German.
 */
export async function familyRecipients(db: Firestore, families: Array<{ memberId: string; primaryEmail: string | null }>): Promise<Map<string, PreNotificationRecipient[]>> {
  const recipients = new Map<string, PreNotificationRecipient[]>();
  for (const part of chunk(families.map((family) => family.memberId), 30)) {
    const snapshot = await db.collection(NOTIFICATION_CHOICES).where('memberId', 'in', part).get();
    for (const doc of snapshot.docs) {
      const [memberId, email, language] = [String(doc.get('memberId')), String(doc.get('email') ?? ''), String(doc.get('language') ?? '')];
      if (!email) continue;
      recipients.set(memberId, [...(recipients.get(memberId) ?? []), { uid: doc.id, email, language: isMailLanguage(language) ? language : 'de' }]);
    }
  }
  for (const { memberId, primaryEmail } of families) {
    if (!recipients.has(memberId) && primaryEmail) recipients.set(memberId, [{ uid: null, email: primaryEmail, language: 'de' }]);
  }
  return recipients;
}

/** The mail document's id: one per debit and recipient, so that queuing them again sends nothing twice. */
export const preNotificationId = (debit: Debit, to: PreNotificationRecipient) => `prenotification-${debit.id}-${to.uid ?? 'family'}`;

/** Queues the pre-notifications, 500 to a batch; a mail already queued is left as it is. */
export async function sendPreNotifications(db: Firestore, mails: Array<{ id: string; mail: ReturnType<typeof preNotificationMail> }>): Promise<void> {
  for (const part of chunk(mails, 500)) {
    const existing = new Set((await db.getAll(...part.map(({ id }) => db.collection(MAIL).doc(id)))).filter((doc) => doc.exists).map((doc) => doc.id));
    const batch = db.batch();
    for (const { id, mail } of part) if (!existing.has(id)) batch.create(db.collection(MAIL).doc(id), mail);
    await batch.commit();
  }
}
