import { useMemo } from 'react';
import { familyStore } from '../../../data/firebase';
import { currentQuarter } from '../../../domain/schedule';
import { todayIso } from '../../../lib/schoolClock';
import { useAsyncResource } from '../useAsyncResource';
import { lessonChoices } from './noticesView';

const load = async () => (await familyStore()).readOfficeTimetable();

/** The school's lessons with their times and the quarters, read once when the tab opens. */
export function useOfficeTimetable() {
  const resource = useAsyncResource(load);
  const timetable = resource.value;
  const derived = useMemo(() => {
    if (!timetable) return null;
    const lessons = lessonChoices(timetable);
    return {
      timetable,
      lessons,
      /** Every lesson's name by id, also of those without a time (an older notice may name one). */
      names: new Map(timetable.lessons.map((lesson) => [lesson.id, lesson.name])),
      quarter: currentQuarter(timetable.quarters, todayIso()),
    };
  }, [timetable]);
  return { ...resource, value: derived };
}

export type OfficeLessons = NonNullable<ReturnType<typeof useOfficeTimetable>['value']>;
