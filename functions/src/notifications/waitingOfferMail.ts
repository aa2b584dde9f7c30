/**
 * The e-mail, with its push, that offers a waiting family a freed place (booking/waitingList.ts),
 * in each parent's language. The family asked for it by joining the waiting list, and the place
 * is held for a limited time: it goes to every parent of the family with a portal account,
 * whatever the e-mail choices (to the family's address when none has one), and is written in the
 * same batch as the offer itself, so that an offer is never made without its e-mail.
 */
import { MAIL, OFFER_CATALOGUE } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import type { PushMessage } from '../push/pushMessage';
import { roomHourText } from './bookingDecisionMail';
import { mailBody, MAIL_LOCALES, type Association, type MailLanguage } from './mailBody';
import { familyRecipients } from './preNotificationMail';

export interface WaitingMailSettings {
  association: Association;
  appOrigin: string;
  timeZone: string;
}

const TEXTS = {
  en: {
    subject: (child: string, lesson: string) => `Family Portal: a place for ${child} in ${lesson}`,
    greeting: 'Hello,',
    body: (child: string, lesson: string, time: string, until: string) =>
      `a place in ${lesson} (${time}) has become free for ${child}, and it is held for you until ${until}. Take it in the portal with one tap: it then becomes your booking request, which the school office confirms as usual.`,
    after: 'If you do not take it by then, it goes to the next family on the waiting list.',
    why: 'You get this e-mail because your family is on the waiting list for this course.',
    link: 'Take the place in the portal',
    pushTitle: (child: string) => `A place is free for ${child}`,
    pushBody: (lesson: string, time: string, until: string) => `${lesson}, ${time}: held for you until ${until}.`,
  },
  de: {
    subject: (child: string, lesson: string) => `Familienportal: ein Platz für ${child} in ${lesson}`,
    greeting: 'Guten Tag,',
    body: (child: string, lesson: string, time: string, until: string) =>
      `in ${lesson} (${time}) ist ein Platz für ${child} frei geworden. Er wird bis ${until} für Sie freigehalten. Nehmen Sie ihn mit einem Klick im Portal: Daraus wird Ihre Kursanfrage, die das Schulbüro wie gewohnt bestätigt.`,
    after: 'Nehmen Sie ihn bis dahin nicht, geht er an die nächste Familie auf der Warteliste.',
    why: 'Sie erhalten diese E-Mail, weil Ihre Familie auf der Warteliste dieses Kurses steht.',
    link: 'Platz im Portal nehmen',
    pushTitle: (child: string) => `Ein Platz für ${child} ist frei`,
    pushBody: (lesson: string, time: string, until: string) => `${lesson}, ${time}: für Sie freigehalten bis ${until}.`,
  },
  ru: {
    subject: (child: string, lesson: string) => `Семейный портал: место для ${child} на занятии «${lesson}»`,
    greeting: 'Здравствуйте!',
    body: (child: string, lesson: string, time: string, until: string) =>
      `На занятии «${lesson}» (${time}) освободилось место для ${child}. Оно закреплено за вами; срок: ${until}. Займите его в портале одним нажатием: так оно станет вашей заявкой на курс, которую канцелярия школы подтвердит как обычно.`,
    after: 'Если вы не займёте место до этого срока, оно перейдёт следующей семье из листа ожидания.',
    why: 'Вы получили это письмо, потому что ваша семья стоит в листе ожидания этого курса.',
    link: 'Занять место в портале',
    pushTitle: (child: string) => `Освободилось место для ${child}`,
    pushBody: (lesson: string, time: string, until: string) => `«${lesson}», ${time}: закреплено за вами, срок: ${until}.`,
  },
} satisfies Record<MailLanguage, unknown>;

/** What the e-mail names of an offer: the child, the course and its time, as families were shown them. */
export interface OfferFacts {
  requestId: string;
  childName: string;
  lessonName: string;
  /** The room hour as the catalogue has it. */
  roomHour: { dayOfWeek: string; hourRefLabel: string; roomName: string | null };
  /** The booking page at this course, with this child chosen. */
  path: string;
  until: string;
}

/** "Thursday, 10 December 2026, 18:00" on the school's clock, in the reader's language. */
const instantText = (instant: string, language: MailLanguage, timeZone: string) =>
  new Intl.DateTimeFormat(MAIL_LOCALES[language], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(instant));

/** The `mail` document for one recipient. */
export function waitingOfferMail(facts: OfferFacts, to: { uid: string | null; email: string; language: MailLanguage }, settings: WaitingMailSettings) {
  const t = TEXTS[to.language];
  const time = roomHourText(facts.roomHour, MAIL_LOCALES[to.language]);
  const until = instantText(facts.until, to.language, settings.timeZone);
  const href = new URL(facts.path, settings.appOrigin).href;
  const body = mailBody(
    [
      { text: t.greeting },
      { text: t.body(facts.childName, facts.lessonName, time, until) },
      { text: t.after },
      { link: t.link, href },
      { text: t.why, muted: true },
    ],
    { association: settings.association, appOrigin: settings.appOrigin, language: to.language },
  );
  const push: PushMessage = {
    kind: 'waitingOffer',
    language: to.language,
    title: t.pushTitle(facts.childName),
    body: t.pushBody(facts.lessonName, time, until),
    path: facts.path,
    tag: `waitingOffer:${facts.requestId}`,
  };
  return { to: to.email, uid: to.uid, message: { subject: t.subject(facts.childName, facts.lessonName), ...body }, push };
}

/** One e-mail per offer and recipient: written again (a retried change), it is the same document. */
export const waitingOfferMailId = (requestId: string, offeredAt: string, uid: string | null) => `waitingOffer-${requestId}-${Date.parse(offeredAt)}-${uid ?? 'family'}`;

/** What the e-mail reads of the quarter's catalogue (offer_catalogue): the course's name and times. */
interface CatalogueFacts {
  offerId?: string;
  lessonName?: string;
  roomHours?: Array<{ id: string; dayOfWeek: string; hourRefLabel: string; roomName: string | null }>;
}

/** A place offered: to whom, at which time, until when. */
export interface PlaceOffered {
  requestId: string;
  memberId: string;
  childId: string;
  quarterId: string;
  roomHourId: string;
  until: string;
}

/** The portal accounts (uids) of these addresses: a family's address is its parent's account when one was made with it. */
export type AccountsByEmail = (emails: string[]) => Promise<Map<string, string>>;

/**
 * The e-mails of these places offered of one offer: the facts read once for all of them. A family
 * whose parents never saved their e-mail choices is written at its address, as the account of that
 * address when there is one, so that its devices get the push too.
 */
export async function waitingOfferMails(db: Firestore, offerId: string, offered: PlaceOffered[], settings: WaitingMailSettings, accountsByEmail?: AccountsByEmail) {
  const memberIds = [...new Set(offered.map((event) => event.memberId))];
  const [members, children, catalogues] = await Promise.all([
    Promise.all(memberIds.map((id) => db.collection('members').doc(id).get())),
    Promise.all(offered.map((event) => db.collection('children').doc(event.childId).get())),
    Promise.all([...new Set(offered.map((event) => event.quarterId))].map((id) => db.collection(OFFER_CATALOGUE).doc(id).get())),
  ]);
  const recipients = await familyRecipients(
    db,
    members.filter((doc) => doc.exists).map((doc) => ({ memberId: doc.id, primaryEmail: (doc.get('primaryEmail') as string | null) ?? null })),
  );
  const withoutAccount = [...recipients.values()].flat().filter((to) => to.uid === null).map((to) => to.email);
  const accounts = withoutAccount.length > 0 && accountsByEmail ? await accountsByEmail(withoutAccount) : new Map<string, string>();
  const offers = catalogues.flatMap((doc) => ((doc.get('offers') as CatalogueFacts[] | undefined) ?? []));
  return offered.flatMap((event, index) => {
    const catalogueOffer = offers.find((offer) => offer.offerId === offerId);
    const roomHours = catalogueOffer?.roomHours ?? [];
    const roomHour = roomHours.find((candidate) => candidate.id === event.roomHourId) ?? { dayOfWeek: '', hourRefLabel: event.roomHourId, roomName: null };
    const facts: OfferFacts = {
      requestId: event.requestId,
      childName: String(children[index]?.get('name') ?? event.childId),
      lessonName: catalogueOffer?.lessonName ?? offerId,
      roomHour,
      path: `/booking?offer=${encodeURIComponent(offerId)}&child=${encodeURIComponent(event.childId)}`,
      until: event.until,
    };
    return (recipients.get(event.memberId) ?? []).map((found) => {
      const to = { ...found, uid: found.uid ?? accounts.get(found.email.toLowerCase()) ?? null };
      return { ref: db.collection(MAIL).doc(waitingOfferMailId(facts.requestId, facts.until, to.uid)), data: waitingOfferMail(facts, to, settings) };
    });
  });
}
