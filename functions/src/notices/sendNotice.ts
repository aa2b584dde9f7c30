/**
 * The office's own notice: its texts as given, to the audience it chose, resolved now; an attempt
 * of a send made before (the same key) answers that send without resolving anything.
 */
import { MAIL_LANGUAGES, type NoticeLanguage, type NoticeTexts, type NoticeAudience } from '@family-portal/contract';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { dayIn, schoolTimeZone } from '../lib/timeZone';
import { resolveAudience } from './audience';
import { earlierSend, publishNotice, type Published } from './publishNotice';

/**
 * The languages in the order the office gave them (the body's key order as it came, not the
 * schema's), those with a text only. Pure.
 */
export function languagesInOrder(given: readonly string[], texts: NoticeTexts): NoticeLanguage[] {
  const known = [...new Set(given)].filter((language): language is NoticeLanguage => (MAIL_LANGUAGES as readonly string[]).includes(language));
  return [...known, ...MAIL_LANGUAGES.filter((language) => !known.includes(language))].filter((language) => texts[language] !== undefined);
}

export async function sendNotice(
  deps: { db: Firestore; auth: Auth },
  adminEmail: string,
  notice: { texts: NoticeTexts; languages: NoticeLanguage[]; audience: NoticeAudience; idempotencyKey: string },
  now = new Date(),
): Promise<Published> {
  const earlier = await earlierSend(deps.db, 'notice', adminEmail, notice.idempotencyKey);
  if (earlier) return earlier;
  const audience = await resolveAudience(deps.db, deps.auth, notice.audience, dayIn(now, schoolTimeZone()));
  return publishNotice(
    deps.db,
    adminEmail,
    { kind: 'notice', texts: notice.texts, languages: notice.languages, audience, cancellation: null, idempotencyKey: notice.idempotencyKey },
    now,
  );
}
