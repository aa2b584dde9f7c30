/**
 * The invitation to the portal (issue 43): one e-mail in the three languages, the office's first,
 * to a member without a portal account, with a link to the sign-up form.
 */
import { MAIL_LANGUAGES } from '@family-portal/contract';
import { mailBody, type Association, type MailBlock, type MailLanguage } from '../notifications/mailBody';

export interface InvitationSettings {
  /** The app's origin: the link goes to its sign-up form. */
  appOrigin: string;
  /** Who invites: named in the text, at the top and in the footer. */
  association: Association;
}

const TEXTS: Record<MailLanguage, { subject: (association: string) => string; blocks: (name: string, association: string, email: string, href: string) => MailBlock[] }> = {
  de: {
    subject: (association) => `Einladung ins Familienportal von ${association}`,
    blocks: (name, association, email, href) => [
      { text: `Guten Tag ${name},` },
      { text: `${association} lädt Sie in sein Familienportal ein. Dort sehen Sie den Saldo und die Zahlungen Ihrer Familie, die Kurse und Bücherkautionen Ihrer Kinder, überweisen mit einem QR-Code und halten Ihre Kontaktdaten aktuell.` },
      { text: `Legen Sie Ihr Portalkonto mit dieser E-Mail-Adresse an: ${email}` },
      { link: 'Portalkonto anlegen', href },
      { text: 'Sie erhalten diese E-Mail, weil das Schulbüro diese Adresse in den Mitgliedsdaten führt. Wenn Sie kein Konto möchten, müssen Sie nichts tun.', muted: true },
    ],
  },
  en: {
    subject: (association) => `Invitation to the Family Portal of ${association}`,
    blocks: (name, association, email, href) => [
      { text: `Dear ${name},` },
      { text: `${association} invites you to its Family Portal. There you see your family's balance and payments and your children's courses and book deposits, pay by bank transfer with a QR code, and keep your contact details up to date.` },
      { text: `Create your portal account with this e-mail address: ${email}` },
      { link: 'Create my portal account', href },
      { text: 'You get this e-mail because the school office has this address in its member records. If you do not want an account, there is nothing to do.', muted: true },
    ],
  },
  ru: {
    subject: (association) => `Приглашение на семейный портал: ${association}`,
    blocks: (name, association, email, href) => [
      { text: `Здравствуйте, ${name}!` },
      { text: `${association} приглашает вас на семейный портал. Там вы видите баланс и платежи вашей семьи, курсы и залоги за книги ваших детей, оплачиваете переводом по QR-коду и обновляете свои контактные данные.` },
      { text: `Создайте учётную запись портала с этим адресом электронной почты: ${email}` },
      { link: 'Создать учётную запись', href },
      { text: 'Вы получили это письмо, потому что этот адрес указан в данных членов объединения в школьном офисе. Если учётная запись вам не нужна, ничего делать не нужно.', muted: true },
    ],
  },
};

/** The office's language first, then the others in their usual order. */
export const languagesFrom = (first: MailLanguage): MailLanguage[] => [first, ...MAIL_LANGUAGES.filter((language) => language !== first)];

export function signUpLink(appOrigin: string, email: string): string {
  const url = new URL('/login', appOrigin);
  url.searchParams.set('mode', 'signup');
  url.searchParams.set('email', email);
  return url.href;
}

export function invitationMail(member: { name: string; email: string }, settings: InvitationSettings, officeLanguage: MailLanguage) {
  const href = signUpLink(settings.appOrigin, member.email);
  const languages = languagesFrom(officeLanguage);
  const blocks = languages.flatMap((language, index) => [
    ...(index > 0 ? [{ text: '———' } satisfies MailBlock] : []),
    ...TEXTS[language].blocks(member.name, settings.association.name, member.email, href),
  ]);
  const { text, html } = mailBody(blocks, { association: settings.association, appOrigin: settings.appOrigin, language: officeLanguage });
  return { subject: languages.map((language) => TEXTS[language].subject(settings.association.name)).join(' / '), text, html };
}
