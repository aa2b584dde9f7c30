/** Who a notice goes to: every family with an account, the families of some lessons, or one family. */
import type { MemberRow } from '@family-portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/Card';
import { FamilyPicker } from './FamilyPicker';
import { LessonPicker } from './LessonPicker';
import type { OfficeLessons } from './useOfficeTimetable';

export interface AudienceDraft {
  kind: 'all' | 'lessons' | 'family';
  lessonIds: ReadonlySet<string>;
  family: MemberRow | null;
}

interface Props {
  draft: AudienceDraft;
  onChange: (draft: AudienceDraft) => void;
  /** Null while the lessons load (or failed to). */
  lessons: OfficeLessons | null;
  disabled: boolean;
}

export function AudiencePicker({ draft, onChange, lessons, disabled }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const option = (kind: AudienceDraft['kind'], label: string) => (
    <label className="flex items-start gap-2">
      <input type="radio" name={`${id}-audience`} value={kind} checked={draft.kind === kind} disabled={disabled} onChange={() => onChange({ ...draft, kind })} className="mt-0.5 size-4 shrink-0" />
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 font-semibold text-slate-900">{t('admin.notices.compose.audience')}</legend>
      {option('all', t('admin.notices.compose.audienceAll'))}
      {option('lessons', lessons?.quarter ? t('admin.notices.compose.audienceLessonsIn', { quarter: lessons.quarter.name }) : t('admin.notices.compose.audienceLessons'))}
      {draft.kind === 'lessons' &&
        (lessons ? (
          <LessonPicker lessons={lessons.lessons} chosen={draft.lessonIds} onChange={(lessonIds) => onChange({ ...draft, lessonIds })} disabled={disabled} />
        ) : (
          <div className="pl-6" aria-hidden="true"><Skeleton className="h-24 w-full" /></div>
        ))}
      {option('family', t('admin.notices.compose.audienceFamily'))}
      {draft.kind === 'family' && <FamilyPicker chosen={draft.family} onChange={(family) => onChange({ ...draft, family })} disabled={disabled} />}
    </fieldset>
  );
}
