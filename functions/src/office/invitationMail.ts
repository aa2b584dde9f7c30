/**
 * The invitation to the portal: one e-mail in the three languages, the office's first,
 * to a member without a verified portal account. Without any account, its link opens the sign-up
 * form. When the address already has an unverified account (the member's own unfinished sign-up,
 * or one made by someone who knows the address), a sign-up would answer "e-mail already in use":
 * the link opens the password reset instead, whose e-mail proves the mailbox and makes the
 * account the member's; the sign-up link follows for when the account was cleaned up meanwhile.
 */
import { MAIL_LANGUAGES } from '@family-portal/contract';
import type { InvitationSettings } from '../lib/settingShapes';
import { mailBody, type MailBlock, type MailLanguage } from '../notifications/mailBody';

export type { InvitationSettings } from '../lib/settingShapes';


interface Links {
  signUp: string;
  /** Null: the address has no account, the sign-up link is the way in. */
  reset: string | null;
}

interface Texts {
  subject: (association: string) => string;
  greeting: (name: string) => string;
  about: (association: string) => string;
  signUp: (email: string) => string;
  signUpLink: string;
  /** For an address with an unverified account: the reset first, the sign-up if that account is gone. */
  reset: (email: string) => string;
  resetLink: string;
  resetFallback: string;
  footnote: string;
}

const TEXTS: Record<MailLanguage, Texts> = {
  de: {
    subject: (association) => `Einladung ins Familienportal von ${association}`,
    greeting: (name) => `Guten Tag ${name},`,
    about: (association) => `${association} lädt Sie in sein Familienportal ein. Dort sehen Sie den Saldo und die Zahlungen Ihrer Familie, die Kurse und Bücherkautionen Ihrer Kinder, überweisen mit einem QR-Code und halten Ihre Kontaktdaten aktuell.`,
    signUp: (email) => `Legen Sie Ihr Portalkonto mit dieser E-Mail-Adresse an: ${email}`,
    signUpLink: 'Portalkonto anlegen',
    reset: (email) => `Mit Ihrer E-Mail-Adresse ${email} wurde schon ein Portalkonto angelegt, aber nie bestätigt. Wählen Sie über diesen Link Ihr eigenes Passwort: Die E-Mail, die wir Ihnen dann senden, weist nach, dass die Adresse Ihnen gehört, und das Konto gehört danach Ihnen.`,
    resetLink: 'Mein Passwort wählen',
    resetFallback: 'Kommt keine E-Mail an? Ein unbestätigtes Konto wird nach zwei Tagen gelöscht; legen Sie Ihr Konto dann hier an:',
    footnote: 'Sie erhalten diese E-Mail, weil das Schulbüro diese Adresse in den Mitgliedsdaten führt. Wenn Sie kein Konto möchten, müssen Sie nichts tun.',
  },
  en: {
    subject: (association) => `Invitation to the Family Portal of ${association}`,
    greeting: (name) => `Dear ${name},`,
    about: (association) => `${association} invites you to its Family Portal. There you see your family's balance and payments and your children's courses and book deposits, pay by bank transfer with a QR code, and keep your contact details up to date.`,
    signUp: (email) => `Create your portal account with this e-mail address: ${email}`,
    signUpLink: 'Create my portal account',
    reset: (email) => `A portal account was started with your e-mail address ${email} but never confirmed. Choose your own password with this link: the e-mail we then send you proves that the address is yours, and the account is yours from then on.`,
    resetLink: 'Choose my password',
    resetFallback: 'No e-mail arrives? An unconfirmed account is deleted after two days; then create your account here:',
    footnote: 'You get this e-mail because the school office has this address in its member records. If you do not want an account, there is nothing to do.',
  },
  ru: {
    subject: (association) => `Приглашение на семейный портал: ${association}`,
    greeting: (name) => `Здравствуйте, ${name}!`,
    about: (association) => `${association} приглашает вас на семейный портал. Там вы видите баланс и платежи вашей семьи, курсы и залоги за книги ваших детей, оплачиваете переводом по QR-коду и обновляете свои контактные данные.`,
    signUp: (email) => `Создайте учётную запись портала с этим адресом электронной почты: ${email}`,
    signUpLink: 'Создать учётную запись',
    reset: (email) => `С вашим адресом ${email} уже создана учётная запись портала, но адрес не был подтверждён. Выберите свой пароль по этой ссылке: письмо, которое мы вам отправим, подтвердит, что адрес ваш, и учётная запись станет вашей.`,
    resetLink: 'Выбрать пароль',
    resetFallback: 'Письмо не приходит? Неподтверждённая учётная запись удаляется через два дня; тогда создайте учётную запись здесь:',
    footnote: 'Вы получили это письмо, потому что этот адрес указан в данных членов объединения в школьном офисе. Если учётная запись вам не нужна, ничего делать не нужно.',
  },
};

function blocksOf(texts: Texts, name: string, association: string, email: string, links: Links): MailBlock[] {
  const way: MailBlock[] = links.reset
    ? [
        { text: texts.reset(email) },
        { link: texts.resetLink, href: links.reset },
        { link: texts.signUpLink, href: links.signUp, before: texts.resetFallback, muted: true },
      ]
    : [{ text: texts.signUp(email) }, { link: texts.signUpLink, href: links.signUp }];
  return [{ text: texts.greeting(name) }, { text: texts.about(association) }, ...way, { text: texts.footnote, muted: true }];
}

/** The office's language first, then the others in their usual order. */
export const languagesFrom = (first: MailLanguage): MailLanguage[] => [first, ...MAIL_LANGUAGES.filter((language) => language !== first)];

export function signUpLink(appOrigin: string, email: string): string {
  const url = new URL('/login', appOrigin);
  url.searchParams.set('mode', 'signup');
  url.searchParams.set('email', email);
  return url.href;
}

/** The password reset with the address filled in: the way into an account nobody confirmed. */
export function resetLink(appOrigin: string, email: string): string {
  const url = new URL('/forgot-password', appOrigin);
  url.searchParams.set('email', email);
  return url.href;
}

export function invitationMail(
  member: { name: string; email: string },
  settings: InvitationSettings,
  officeLanguage: MailLanguage,
  { unverifiedAccount = false }: { unverifiedAccount?: boolean } = {},
) {
  const links: Links = { signUp: signUpLink(settings.appOrigin, member.email), reset: unverifiedAccount ? resetLink(settings.appOrigin, member.email) : null };
  const languages = languagesFrom(officeLanguage);
  const blocks = languages.flatMap((language, index) => [
    ...(index > 0 ? [{ text: '———' } satisfies MailBlock] : []),
    ...blocksOf(TEXTS[language], member.name, settings.association.name, member.email, links),
  ]);
  const { text, html } = mailBody(blocks, { association: settings.association, appOrigin: settings.appOrigin, language: officeLanguage });
  return { subject: languages.map((language) => TEXTS[language].subject(settings.association.name)).join(' / '), text, html };
}
