/**
 * The e-mails a parent turned on (notification_choices): payment required, when the family's
 * balance turns due in a sync; payment received, for each new incoming payment; and the
 * confirmation of a cancellation request. In the language stored with the choice, with a link to
 * the screen and a one-click unsubscribe link (a signed token, see unsubscribeToken.ts).
 */
import { MAIL, NOTIFICATION_CHOICES, type ParentMailKind } from '@family-portal/contract';
import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { MAIL_LOCALES, mailBody, type MailLanguage } from './mailBody';
import { isDue, type StoredChoices } from './parentChoices';
import { unsubscribeToken } from './unsubscribeToken';

/** The association's account, for the transfer details in the e-mail (functions' .env). */
export interface SepaAccount {
  recipient: string;
  iban: string;
  bic: string;
}

export interface ParentMailSettings {
  /** The app's origin: links go to its screens and its unsubscribe page. */
  appOrigin: string;
  /** Signs the unsubscribe links. */
  linkKey: string;
  sepa: SepaAccount;
  timeZone: string;
}

const TEXTS = {
  en: {
    greeting: (name: string) => `Dear ${name},`,
    paymentDue: {
      subject: 'Family Portal: a payment is due',
      body: (amount: string) => `your family's balance at the school association shows ${amount} to pay. Please transfer it to:`,
      link: 'See the details in the portal',
    },
    paymentReceived: {
      subject: 'Family Portal: payment received',
      body: (amount: string, date: string) => `we have received your payment of ${amount} of ${date}. Thank you.`,
      link: 'See the payment in the portal',
    },
    cancellationConfirmed: {
      subject: 'Family Portal: cancellation request received',
      body: (date: string) => `we have recorded your request of ${date} to cancel the membership. The school office will confirm when it ends.`,
      link: 'See the membership in the portal',
    },
    transfer: { recipient: 'Recipient', iban: 'IBAN', bic: 'BIC', amount: 'Amount', reference: 'Reference' },
    unsubscribe: 'You get this e-mail because you turned it on in the Family Portal. Turn it off with one click:',
    unsubscribeLink: 'Unsubscribe',
  },
  de: {
    greeting: (name: string) => `Guten Tag ${name},`,
    paymentDue: {
      subject: 'Familienportal: Eine Zahlung ist fällig',
      body: (amount: string) => `der Saldo Ihrer Familie beim Schulverein weist ${amount} zur Zahlung aus. Bitte überweisen Sie den Betrag an:`,
      link: 'Details im Portal ansehen',
    },
    paymentReceived: {
      subject: 'Familienportal: Zahlung eingegangen',
      body: (amount: string, date: string) => `Ihre Zahlung über ${amount} vom ${date} ist eingegangen. Vielen Dank.`,
      link: 'Zahlung im Portal ansehen',
    },
    cancellationConfirmed: {
      subject: 'Familienportal: Kündigungsantrag eingegangen',
      body: (date: string) => `wir haben Ihren Antrag vom ${date} auf Kündigung der Mitgliedschaft erfasst. Das Schulbüro bestätigt Ihnen das Ende der Mitgliedschaft.`,
      link: 'Mitgliedschaft im Portal ansehen',
    },
    transfer: { recipient: 'Empfänger', iban: 'IBAN', bic: 'BIC', amount: 'Betrag', reference: 'Verwendungszweck' },
    unsubscribe: 'Sie erhalten diese E-Mail, weil Sie sie im Familienportal eingeschaltet haben. Mit einem Klick abbestellen:',
    unsubscribeLink: 'Abbestellen',
  },
  ru: {
    greeting: (name: string) => `Здравствуйте, ${name}!`,
    paymentDue: {
      subject: 'Семейный портал: необходима оплата',
      body: (amount: string) => `Баланс вашей семьи в школьном объединении показывает ${amount} к оплате. Пожалуйста, переведите сумму:`,
      link: 'Подробности на портале',
    },
    paymentReceived: {
      subject: 'Семейный портал: платёж получен',
      body: (amount: string, date: string) => `Ваш платёж на сумму ${amount} от ${date} получен. Спасибо.`,
      link: 'Платёж на портале',
    },
    cancellationConfirmed: {
      subject: 'Семейный портал: заявление о выходе получено',
      body: (date: string) => `Мы зарегистрировали ваше заявление от ${date} о прекращении членства. Канцелярия школы подтвердит дату окончания.`,
      link: 'Членство на портале',
    },
    transfer: { recipient: 'Получатель', iban: 'IBAN', bic: 'BIC', amount: 'Сумма', reference: 'Назначение платежа' },
    unsubscribe: 'Вы получаете это письмо, потому что включили его на Семейном портале. Отписаться одним нажатием:',
    unsubscribeLink: 'Отписаться',
  },
} as const;

/** What one e-mail is about: the figures it names and the screen it links. */
export type ParentMailSubject =
  | { kind: 'paymentDue'; amount: number }
  | { kind: 'paymentReceived'; amount: number; date: string; paymentId: string }
  | { kind: 'cancellationConfirmed'; date: string };

const screenOf = (about: ParentMailSubject) =>
  about.kind === 'paymentDue' ? '/' : about.kind === 'paymentReceived' ? `/transactions?transaction=${encodeURIComponent(about.paymentId)}` : '/family';

/** The e-mail document for one parent, in their language. Pure. */
export function parentMail(about: ParentMailSubject, to: { uid: string; email: string; name: string; language: MailLanguage }, settings: ParentMailSettings) {
  const t = TEXTS[to.language];
  const locale = MAIL_LOCALES[to.language];
  const money = (amount: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount);
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: iso.length === 10 ? 'UTC' : settings.timeZone }).format(new Date(iso));
  const lines =
    about.kind === 'paymentDue'
      ? [t.paymentDue.body(money(about.amount))]
      : about.kind === 'paymentReceived'
        ? [t.paymentReceived.body(money(about.amount), day(about.date))]
        : [t.cancellationConfirmed.body(day(about.date))];
  const transfer: Array<[string, string]> =
    about.kind === 'paymentDue'
      ? [
          [t.transfer.recipient, settings.sepa.recipient],
          [t.transfer.iban, settings.sepa.iban],
          [t.transfer.bic, settings.sepa.bic],
          [t.transfer.amount, money(about.amount)],
          [t.transfer.reference, to.name],
        ]
      : [];
  const screen = new URL(screenOf(about), settings.appOrigin).href;
  const unsubscribe = new URL(`/unsubscribe?token=${unsubscribeToken({ uid: to.uid, kind: about.kind }, settings.linkKey)}`, settings.appOrigin).href;
  const body = mailBody([
    { text: t.greeting(to.name) },
    ...lines.map((line) => ({ text: line })),
    { rows: transfer },
    { link: t[about.kind].link, href: screen },
    { link: t.unsubscribeLink, href: unsubscribe, before: t.unsubscribe, muted: true },
  ]);
  return {
    to: to.email,
    message: { subject: t[about.kind].subject, ...body },
    // Mail programs offer it as their own "unsubscribe": the same page as the link in the text.
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
  };
}

/** What a sync's end calls for, for one parent: the e-mails, and the new baseline. Pure. */
export function decideParentMails(
  choices: Pick<StoredChoices, 'paymentDue' | 'paymentReceived' | 'baseline'>,
  member: { balance: unknown },
  payments: Array<{ id: string; amount: unknown; date: unknown; direction: unknown }>,
): { mails: ParentMailSubject[]; baseline: StoredChoices['baseline'] } {
  const mails: ParentMailSubject[] = [];
  const baseline = { ...choices.baseline };
  if (choices.paymentDue) {
    const due = isDue(member.balance);
    // Once per change: when the balance turns due, not while it stays due.
    if (due && baseline.balanceDue === false) mails.push({ kind: 'paymentDue', amount: -(member.balance as number) });
    baseline.balanceDue = due;
  }
  if (choices.paymentReceived) {
    const known = new Set(baseline.paymentIds ?? []);
    for (const payment of payments) {
      if (known.has(payment.id) || payment.direction !== 'IN' || typeof payment.amount !== 'number') continue;
      mails.push({ kind: 'paymentReceived', amount: payment.amount, date: typeof payment.date === 'string' ? payment.date : '', paymentId: payment.id });
    }
    baseline.paymentIds = payments.map((payment) => payment.id).sort();
  }
  return { mails, baseline };
}

/** One parent, in a transaction: reads what the decision needs, writes the e-mails and the baseline. */
async function notifyParent(db: Firestore, transaction: Transaction, choicesDoc: DocumentSnapshot, settings: ParentMailSettings) {
  const choices = choicesDoc.data() as StoredChoices;
  const member = await transaction.get(db.collection('members').doc(choices.memberId));
  if (!member.exists) return 0;
  const payments = choices.paymentReceived ? (await transaction.get(db.collection('payments').where('memberId', '==', choices.memberId))).docs : [];
  const { mails, baseline } = decideParentMails(
    choices,
    { balance: member.get('balance') },
    payments.map((doc) => ({ id: doc.id, amount: doc.get('amount') as unknown, date: doc.get('date') as unknown, direction: doc.get('direction') as unknown })),
  );
  const to = { uid: choicesDoc.id, email: choices.email, name: String(member.get('primaryName') ?? ''), language: choices.language };
  for (const about of mails) transaction.create(db.collection(MAIL).doc(), parentMail(about, to, settings));
  transaction.update(choicesDoc.ref, { baseline });
  return mails.length;
}

/**
 * After a sync: the e-mails of every parent with a payment e-mail turned on. Returns how many were
 * written. `settingsOf` is asked only when someone has one turned on.
 */
export async function notifyParents(db: Firestore, settingsOf: () => ParentMailSettings): Promise<number> {
  const choices = db.collection(NOTIFICATION_CHOICES);
  const [due, received] = await Promise.all([choices.where('paymentDue', '==', true).select().get(), choices.where('paymentReceived', '==', true).select().get()]);
  const ids = [...new Set([...due.docs, ...received.docs].map((doc) => doc.id))];
  if (ids.length === 0) return 0;
  const settings = settingsOf();
  let written = 0;
  for (const id of ids) {
    written += await db.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(choices.doc(id));
      return snapshot.exists ? notifyParent(db, transaction, snapshot, settings) : 0;
    });
  }
  return written;
}

/** After a recorded cancellation request: its confirmation, if the parent turned it on. */
export async function confirmCancellation(db: Firestore, uid: string, member: DocumentSnapshot, requestedAt: string, settings: ParentMailSettings): Promise<boolean> {
  const choices = (await db.collection(NOTIFICATION_CHOICES).doc(uid).get()).data() as StoredChoices | undefined;
  if (choices?.cancellationConfirmed !== true) return false;
  const to = { uid, email: choices.email, name: String(member.get('primaryName') ?? ''), language: choices.language };
  await db.collection(MAIL).add(parentMail({ kind: 'cancellationConfirmed', date: requestedAt }, to, settings));
  return true;
}

export type { ParentMailKind };
