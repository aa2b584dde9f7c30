/**
 * The last step before a notice goes out: its title and, in words, who gets it. The buttons wait
 * for the answer, so a double click sends once; a retry after a timeout sends the same key, so
 * the functions answer it with the notice sent before.
 */
import { noticeTextFor, type MemberRow, type NoticeAudience, type NoticeLanguage, type NoticeTexts, type OfficeNotice } from '@family-portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { apiErrorKey } from '../../../api/errorMessages';
import { sendNotice } from '../../../api/officeNotices';
import { Alert } from '../../../components/Alert';
import { Modal } from '../../../components/Modal';
import { currentLanguage } from '../../../i18n';
import type { OfficeLessons } from './useOfficeTimetable';

export interface Sending {
  texts: NoticeTexts;
  audience: NoticeAudience;
  /** The family chosen, to name it. */
  family: MemberRow | null;
  /** The send's key (sendKey.ts): every attempt of it sends it, so the families get it once. */
  key: string;
}

interface Props {
  sending: Sending | null;
  lessons: OfficeLessons | null;
  onClose: () => void;
  onSent: (notice: OfficeNotice) => void;
  onBusy: (busy: boolean) => void;
}

/**
 * sendNotice refuses an audience without a family as invalid-argument, the code of any bad body;
 * its message tells the two apart, and the office must learn that nobody would have read it.
 */
const emptyAudience = (error: unknown) => error instanceof ApiError && error.code === 'invalid-argument' && /no family/i.test(error.message);

export function SendDialog({ sending, lessons, onClose, onSent, onBusy }: Props) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  useEffect(() => setError(null), [sending]);

  const send = async () => {
    if (!sending || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    onBusy(true);
    setError(null);
    try {
      onSent(await sendNotice({ texts: sending.texts, audience: sending.audience, idempotencyKey: sending.key }));
    } catch (caught) {
      setError(emptyAudience(caught) ? t('admin.notices.compose.emptyAudience') : t('admin.notices.compose.failed', { message: t(apiErrorKey(caught)) }));
    } finally {
      inFlight.current = false;
      setBusy(false);
      onBusy(false);
    }
  };

  const languages = Object.keys(sending?.texts ?? {}) as NoticeLanguage[];
  const title = sending ? noticeTextFor(sending.texts, languages, currentLanguage(i18n.resolvedLanguage)).title : '';
  const audience = sending?.audience;
  return (
    <Modal open={sending !== null} busy={busy} onClose={onClose} title={t('admin.notices.compose.confirm.title')}>
      <div className="space-y-3 text-sm">
        {audience?.kind === 'all' && <p className="break-words text-slate-800">{t('admin.notices.compose.confirm.all', { title })}</p>}
        {audience?.kind === 'family' && (
          <p className="break-words text-slate-800">{t('admin.notices.compose.confirm.family', { title, name: sending?.family?.name ?? '', id: audience.memberId })}</p>
        )}
        {audience?.kind === 'lessons' && (
          <>
            <p className="break-words text-slate-800">{t('admin.notices.compose.confirm.lessons', { title })}</p>
            <ul className="list-disc space-y-0.5 pl-5 text-slate-800">
              {audience.lessonIds.map((lessonId) => <li key={lessonId} className="break-words">{lessons?.names.get(lessonId) ?? lessonId} ({lessonId})</li>)}
            </ul>
          </>
        )}
        <p className="text-slate-600">{t('admin.notices.compose.confirm.after')}</p>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          {/* oxlint-disable-next-line jsx-a11y/no-autofocus -- showModal() focuses it: Cancel, the safe choice. */}
          <button type="button" autoFocus onClick={onClose} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
            {t('admin.controls.cancel')}
          </button>
          <button type="button" onClick={() => void send()} disabled={busy} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">
            {busy ? t('admin.notices.compose.confirm.sending') : t('admin.notices.compose.confirm.send')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
