/**
 * The words of the parents' e-mails (parentMail.ts) in en, de and ru, in the glossary's terms
 * (docs/glossary.md; src/i18n/glossary.test.ts reads this file too).
 */
export const PARENT_MAIL_TEXTS = {
  en: {
    greeting: (name: string) => `Dear ${name},`,
    paymentDue: {
      subject: 'Family Portal: a payment is due',
      body: (amount: string) => `Your family's balance at the school association shows ${amount} to pay. Please transfer it to:`,
      link: 'See the details in the portal',
    },
    paymentReceived: {
      subject: 'Family Portal: payment received',
      body: (amount: string, date: string) => `We have received your payment of ${amount} of ${date}. Thank you.`,
      link: 'See the payment in the portal',
    },
    cancellationConfirmed: {
      subject: 'Family Portal: cancellation request received',
      body: (date: string) => `We have recorded your request of ${date} to cancel the membership. The school office will confirm when it ends.`,
      link: 'See the membership in the portal',
    },
    transfer: { recipient: 'Recipient', iban: 'IBAN', bic: 'BIC', amount: 'Amount', reference: 'Reference' },
    qr: { alt: 'QR code for the transfer', caption: 'Or scan this QR code with your banking app: it fills in the transfer.' },
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
    qr: { alt: 'QR-Code für die Überweisung', caption: 'Oder scannen Sie diesen QR-Code mit Ihrer Banking-App: Sie füllt die Überweisung aus.' },
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
      body: (date: string) => `Мы зарегистрировали ваше заявление от ${date} о выходе из объединения. Канцелярия школы подтвердит дату окончания членства.`,
      link: 'Членство на портале',
    },
    transfer: { recipient: 'Получатель', iban: 'IBAN', bic: 'BIC', amount: 'Сумма', reference: 'Назначение платежа' },
    qr: { alt: 'QR-код для перевода', caption: 'Или отсканируйте этот QR-код в банковском приложении: оно заполнит перевод.' },
    unsubscribe: 'Вы получаете это письмо, потому что включили его на Семейном портале. Отписаться одним нажатием:',
    unsubscribeLink: 'Отписаться',
  },
} as const;
