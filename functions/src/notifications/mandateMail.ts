/**
 * The e-mail that confirms a mandate given or stopped, in the parent's language. A legal notice,
 * not a choice: it goes out whatever the parent's e-mail choices, without an unsubscribe link.
 * Given, it carries what the mandate form said (creditor, identifier, reference, account,
 * date, the refund right: docs/payments.md); stopped, from when no more is collected.
 */
import { MAIL, type MandateView } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { mailBody, MAIL_LOCALES, type Association, type MailBlock, type MailLanguage } from './mailBody';

export interface MandateMailSettings {
  association: Association;
  appOrigin: string;
  creditorId: string;
  timeZone: string;
}

export interface MandateMailRecipient {
  uid: string;
  email: string;
  name: string;
  language: MailLanguage;
}

/** given: a new mandate (and those it replaced); revoked: the family's stopped one. */
export type MandateEvent = { kind: 'given'; mandate: MandateView; replaced: MandateView[] } | { kind: 'revoked'; mandate: MandateView };

const TEXTS = {
  en: {
    greeting: (name: string) => `Hello ${name},`,
    givenSubject: 'Your SEPA direct debit mandate',
    given: (creditor: string) => `you have given ${creditor} a SEPA direct debit mandate for recurring payments. From now on, what your family owes is collected from this account. Each collection is announced to you beforehand with its amount and date.`,
    replaced: (reference: string) => `It replaces mandate ${reference}: nothing more is collected under that one.`,
    refund: 'You may demand a refund of a debited amount within eight weeks, starting from the date on which your account was debited. The terms agreed with your bank apply.',
    revokedSubject: 'Your SEPA direct debit has been stopped',
    revoked: (creditor: string, at: string) => `you have revoked your SEPA direct debit mandate. From ${at}, ${creditor} collects nothing more from this account. Please pay what your family owes by transfer; the portal shows the details.`,
    rows: { creditor: 'Creditor', creditorId: 'Creditor identifier', reference: 'Mandate reference', holder: 'Account holder', iban: 'IBAN', given: 'Given on', by: 'Given by' },
    screen: 'Your family in the portal',
  },
  de: {
    greeting: (name: string) => `Hallo ${name},`,
    givenSubject: 'Ihr SEPA-Lastschriftmandat',
    given: (creditor: string) => `Sie haben ${creditor} ein SEPA-Lastschriftmandat für wiederkehrende Zahlungen erteilt. Ab jetzt wird, was Ihre Familie schuldet, von diesem Konto eingezogen. Jeden Einzug kündigen wir Ihnen vorher mit Betrag und Datum an.`,
    replaced: (reference: string) => `Es ersetzt das Mandat ${reference}: Darüber wird nichts mehr eingezogen.`,
    refund: 'Sie können innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit Ihrem Kreditinstitut vereinbarten Bedingungen.',
    revokedSubject: 'Ihre SEPA-Lastschrift ist beendet',
    revoked: (creditor: string, at: string) => `Sie haben Ihr SEPA-Lastschriftmandat widerrufen. Ab dem ${at} zieht ${creditor} nichts mehr von diesem Konto ein. Bitte überweisen Sie, was Ihre Familie schuldet; die Angaben stehen im Portal.`,
    rows: { creditor: 'Zahlungsempfänger', creditorId: 'Gläubiger-Identifikationsnummer', reference: 'Mandatsreferenz', holder: 'Kontoinhaber', iban: 'IBAN', given: 'Erteilt am', by: 'Erteilt von' },
    screen: 'Ihre Familie im Portal',
  },
  ru: {
    greeting: (name: string) => `Здравствуйте, ${name}!`,
    givenSubject: 'Ваш мандат SEPA на прямое дебетование',
    given: (creditor: string) => `Вы выдали ${creditor} мандат SEPA на прямое дебетование (Lastschrift) для регулярных платежей. Теперь суммы, которые должна ваша семья, списываются с этого счёта. О каждом списании мы заранее сообщим вам сумму и дату.`,
    replaced: (reference: string) => `Он заменяет мандат ${reference}: по нему больше ничего не списывается.`,
    refund: 'В течение восьми недель, начиная с даты списания, вы можете потребовать вернуть списанную сумму. При этом действуют условия, согласованные с вашим банком.',
    revokedSubject: 'Прямое дебетование SEPA остановлено',
    revoked: (creditor: string, at: string) => `Вы отозвали мандат SEPA на прямое дебетование. С ${at} ${creditor} больше ничего не списывает с этого счёта. Пожалуйста, оплачивайте задолженность семьи переводом; реквизиты указаны в портале.`,
    rows: { creditor: 'Получатель платежа', creditorId: 'Идентификатор получателя', reference: 'Номер мандата', holder: 'Владелец счёта', iban: 'IBAN', given: 'Дата выдачи', by: 'Кем выдан' },
    screen: 'Ваша семья в портале',
  },
} satisfies Record<MailLanguage, unknown>;

/** A day of the school's calendar in the parent's language: "6 December 2026", "6. Dezember 2026". */
const dayOf = (instant: string, language: MailLanguage, timeZone: string) =>
  new Intl.DateTimeFormat(MAIL_LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(instant));

/** The `mail` document of the confirmation. */
export function mandateMail(event: MandateEvent, to: MandateMailRecipient, settings: MandateMailSettings) {
  const t = TEXTS[to.language];
  const creditor = settings.association.name;
  const { mandate } = event;
  const rows: Array<[string, string]> = [
    [t.rows.creditor, creditor],
    [t.rows.creditorId, settings.creditorId],
    [t.rows.reference, mandate.id],
    [t.rows.holder, mandate.accountHolder],
    [t.rows.iban, mandate.ibanMasked],
    [t.rows.given, dayOf(mandate.signedAt, to.language, settings.timeZone)],
    ...(mandate.signedBy ? [[t.rows.by, mandate.signedBy] as [string, string]] : []),
  ];
  const blocks: MailBlock[] =
    event.kind === 'given'
      ? [{ text: t.given(creditor) }, ...event.replaced.map((old) => ({ text: t.replaced(old.id) })), { rows }, { text: t.refund, muted: true }]
      : [{ text: t.revoked(creditor, dayOf(mandate.revokedAt ?? new Date().toISOString(), to.language, settings.timeZone)) }, { rows }];
  const body = mailBody([{ text: t.greeting(to.name) }, ...blocks, { link: t.screen, href: new URL('/family', settings.appOrigin).href }], {
    association: settings.association,
    appOrigin: settings.appOrigin,
    language: to.language,
  });
  return { to: to.email, uid: to.uid, message: { subject: event.kind === 'given' ? t.givenSubject : t.revokedSubject, ...body } };
}

/** Queues the confirmation (the mail collection's sender delivers it). */
export async function sendMandateMail(db: Firestore, event: MandateEvent, to: MandateMailRecipient, settings: MandateMailSettings): Promise<void> {
  await db.collection(MAIL).add(mandateMail(event, to, settings));
}
