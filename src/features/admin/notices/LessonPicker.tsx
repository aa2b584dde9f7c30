/**
 * Choosing the lessons whose families get a notice: a filter over the school's lessons (a large
 * school has hundreds) and a checkbox per lesson, with its times so that alike names differ.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/useLocale';
import { lessonLabel, MAX_AUDIENCE_LESSONS, roomHourLabel, type LessonChoice } from './noticesView';

interface Props {
  lessons: LessonChoice[];
  chosen: ReadonlySet<string>;
  onChange: (chosen: ReadonlySet<string>) => void;
  disabled: boolean;
}

export function LessonPicker({ lessons, chosen, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [filter, setFilter] = useState('');
  const words = filter.trim().toLocaleLowerCase(locale).split(/\s+/).filter(Boolean);
  const shown = lessons.filter((lesson) => {
    const label = lessonLabel(lesson, locale).toLocaleLowerCase(locale);
    return words.every((word) => label.includes(word));
  });
  const toggle = (lessonId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(lessonId);
    else next.delete(lessonId);
    onChange(next);
  };
  return (
    <div className="space-y-2 pl-6">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-filter`} className="text-slate-700">{t('admin.notices.compose.lessonFilter')}</label>
        <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} disabled={disabled}
          className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 sm:max-w-md" />
      </div>
      <p className="text-slate-700" aria-live="polite">{t('admin.notices.compose.lessonsChosen', { count: chosen.size })}</p>
      <fieldset className="max-h-64 overflow-y-auto rounded-md border border-slate-200 p-2">
        <legend className="sr-only">{t('admin.notices.compose.lessonList')}</legend>
        {shown.length === 0 ? (
          <p className="text-slate-600">{t('admin.notices.compose.lessonsNone')}</p>
        ) : (
          <ul className="space-y-1">
            {shown.map((lesson) => (
              <li key={lesson.id}>
                <label className="flex items-start gap-2">
                  <input type="checkbox" className="mt-0.5 size-4 shrink-0" checked={chosen.has(lesson.id)} disabled={disabled || (!chosen.has(lesson.id) && chosen.size >= MAX_AUDIENCE_LESSONS)}
                    onChange={(event) => toggle(lesson.id, event.target.checked)} />
                  <span className="min-w-0 break-words">
                    <span className="font-medium text-slate-900">{lesson.name}</span>{' '}
                    <span className="text-slate-600">({lesson.id}) {lesson.roomHours.map((roomHour) => roomHourLabel(roomHour, locale)).join('; ')}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </div>
  );
}
