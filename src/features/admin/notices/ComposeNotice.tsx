/**
 * Writing a notice: a title and a text in German, English and Russian (each optional, at least
 * one), who gets it, and a confirmation that says so before anything is sent.
 */
import type { MemberRow, NoticeAudience, NoticeLanguage, OfficeNotice } from '@family-portal/contract';
import { MAX_NOTICE_BODY } from '@family-portal/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Card } from '../../../components/Card';
import { RetryableError } from '../RetryableError';
import { AudiencePicker, type AudienceDraft } from './AudiencePicker';
import { checkedTexts, EMPTY_DRAFTS, filledLanguages, NOTICE_LANGUAGES, type TextDrafts, type TextProblem } from './noticesView';
import { SendDialog, type Sending } from './SendDialog';
import { useSendKey } from './sendKey';
import type { OfficeLessons } from './useOfficeTimetable';

interface Props {
  lessons: { value: OfficeLessons | null; error: string | null; onRetry: () => void };
  onSent: (notice: OfficeNotice) => void;
}

const field = 'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900';

/** The audience to send, or the key of what is missing. */
function audienceOf(draft: AudienceDraft): NoticeAudience | 'noLessons' | 'noFamily' {
  if (draft.kind === 'all') return { kind: 'all' };
  if (draft.kind === 'lessons') return draft.lessonIds.size ? { kind: 'lessons', lessonIds: [...draft.lessonIds] } : 'noLessons';
  return draft.family ? { kind: 'family', memberId: draft.family.memberId } : 'noFamily';
}

export function ComposeNotice({ lessons, onSent }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [drafts, setDrafts] = useState<TextDrafts>(EMPTY_DRAFTS);
  const [audience, setAudience] = useState<AudienceDraft>({ kind: 'all', lessonIds: new Set(), family: null as MemberRow | null });
  const [problems, setProblems] = useState<string[]>([]);
  const [sending, setSending] = useState<Sending | null>(null);
  const [busy, setBusy] = useState(false);
  const sendKey = useSendKey();

  const languageName = (language: NoticeLanguage) => t(`admin.notices.language.${language}`);
  const problemText = (problem: TextProblem) =>
    problem.kind === 'noText' ? t('admin.notices.compose.problem.noText') : t(`admin.notices.compose.problem.${problem.kind}`, { language: languageName(problem.language), max: 'max' in problem ? problem.max : undefined });
  const edit = (language: NoticeLanguage, part: 'title' | 'body', value: string) => setDrafts({ ...drafts, [language]: { ...drafts[language], [part]: value } });
  const first = filledLanguages(drafts)[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkedTexts(drafts);
    const chosen = audienceOf(audience);
    const found = [
      ...('problems' in checked ? checked.problems.map(problemText) : []),
      ...(typeof chosen === 'string' ? [t(`admin.notices.compose.problem.${chosen}`)] : []),
    ];
    setProblems(found);
    if ('problems' in checked || typeof chosen === 'string') return;
    setSending({ texts: checked.texts, audience: chosen, family: audience.family, key: sendKey.keyFor({ texts: checked.texts, audience: chosen }) });
  };
  const sent = (notice: OfficeNotice) => {
    sendKey.sent();
    setSending(null);
    setDrafts(EMPTY_DRAFTS);
    setAudience({ kind: 'all', lessonIds: new Set(), family: null });
    onSent(notice);
  };

  return (
    <Card title={t('admin.notices.compose.title')}>
      <form onSubmit={submit} noValidate className="space-y-4 text-sm">
        <p className="text-slate-700">{t('admin.notices.compose.intro')}</p>
        <div className="grid gap-4 lg:grid-cols-3">
          {NOTICE_LANGUAGES.map((language) => (
            <fieldset key={language} className="min-w-0 space-y-2 rounded-lg border border-slate-200 p-3">
              <legend className="px-1 font-semibold text-slate-900">{languageName(language)}</legend>
              <div className="space-y-1">
                <label htmlFor={`${id}-${language}-title`} className="font-medium text-slate-800">{t('admin.notices.compose.titleField', { language: languageName(language) })}</label>
                <input id={`${id}-${language}-title`} type="text" lang={language} value={drafts[language].title} disabled={busy} onChange={(event) => edit(language, 'title', event.target.value)} className={field} />
              </div>
              <div className="space-y-1">
                <label htmlFor={`${id}-${language}-body`} className="font-medium text-slate-800">{t('admin.notices.compose.bodyField', { language: languageName(language) })}</label>
                <textarea id={`${id}-${language}-body`} rows={6} lang={language} value={drafts[language].body} disabled={busy} aria-describedby={`${id}-body-hint`}
                  onChange={(event) => edit(language, 'body', event.target.value)} className={field} />
              </div>
            </fieldset>
          ))}
        </div>
        <p id={`${id}-body-hint`} className="text-slate-600">{t('admin.notices.compose.bodyHint', { max: MAX_NOTICE_BODY })}</p>
        <p className="font-medium text-slate-800" aria-live="polite">
          {first ? t('admin.notices.compose.fallback', { language: languageName(first) }) : t('admin.notices.compose.noTextYet')}
        </p>
        {lessons.error && <RetryableError message={lessons.error} onRetry={lessons.onRetry} />}
        <AudiencePicker draft={audience} onChange={setAudience} lessons={lessons.value} disabled={busy} />
        {problems.length > 0 && (
          <Alert tone="error">
            <ul className="list-disc space-y-0.5 pl-5">{problems.map((problem) => <li key={problem}>{problem}</li>)}</ul>
          </Alert>
        )}
        <div className="flex justify-end">
          <button type="submit" disabled={busy} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">
            {t('admin.notices.compose.send')}
          </button>
        </div>
      </form>
      <SendDialog sending={sending} lessons={lessons.value} onClose={() => setSending(null)} onSent={sent} onBusy={setBusy} />
    </Card>
  );
}
