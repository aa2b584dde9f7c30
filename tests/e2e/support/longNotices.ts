/**
 * The long family's notices (support/longFamily.ts) for the layout guard: a notice with long
 * titles and a long unbroken link, one of its own lessons (L901, which no other family attends)
 * cancelled on its next date with a long reason, and an absence with a long reason, all written by
 * the real endpoints and taken back afterwards.
 */
import { documentsWhere } from './emulators';
import { nextLessonDate } from './lessonDates';
import { LONG_FAMILY } from './longFamily';
import { office, reportAbsenceAs, type FamilyNotices } from './noticeCalls';

export const LONG_NOTICE_TITLES = {
  de: 'Elternabend zur Mathematik-Olympiadevorbereitung und Hausaufgabenbetreuungsorganisation im Dezember',
  en: "Parents' evening on preparing for the mathematics olympiad and organising homework supervision",
  ru: 'Родительское собрание по подготовке к олимпиаде и организации продлённого дня в декабре',
};
const LINK = 'https://example.org/elternabend/mathematik-olympiadevorbereitung-leistungsgruppe-b-2026-tagesordnung';
const REASON = 'Die Lehrkraft ist erkrankt; eine Vertretung konnte kurzfristig nicht gefunden werden.';

const text = (title: string) => ({ title, body: `${title}:\n${LINK}\n${REASON}` });

export async function addLongNotices(): Promise<FamilyNotices> {
  const notice = await office.send({
    texts: { de: text(LONG_NOTICE_TITLES.de), en: text(LONG_NOTICE_TITLES.en), ru: text(LONG_NOTICE_TITLES.ru) },
    audience: { kind: 'family', memberId: LONG_FAMILY.memberId },
  });
  const date = await nextLessonDate('L901');
  const cancellation = await office.cancel({ lessonId: 'L901', date, reason: REASON });
  const [current] = await documentsWhere('quarters', 'status', 'active');
  const plan = (await documentsWhere('plans', 'memberId', LONG_FAMILY.memberId)).find((candidate) => candidate.lessonId === 'L901' && candidate.quarterId === current?.id);
  const absenceIds = plan
    ? [await reportAbsenceAs(LONG_FAMILY.email, LONG_FAMILY.password, { childId: plan.childId as string, lessonIds: ['L901'], from: date, to: date, reason: REASON })]
    : [];
  return { email: LONG_FAMILY.email, password: LONG_FAMILY.password, noticeIds: [notice.id, cancellation.id], absenceIds };
}
