import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { absencesPath, plansPath } from '../../routing/paths';
import { useFamilyScope } from '../../routing/familyScope';
import { Card, EmptyState } from '../../components/Card';
import type { Child, Lesson, Plan, Quarter } from '../../domain/types';

interface Props {
  quarter: Quarter | null;
  childrenOfFamily: Child[];
  plans: Plan[];
  lessons: Lesson[];
}

/** The current quarter's courses, child by child, and the way to report an absence from them. */
export const EnrolmentsCard = memo(function EnrolmentsCard({ quarter, childrenOfFamily, plans, lessons }: Props) {
  const { t } = useTranslation();
  const { to, readOnly } = useFamilyScope();
  // A course the family cannot read (deleted, not yet synced) is not named by its id.
  const lessonName = (id: string) => lessons.find((lesson) => lesson.id === id)?.name ?? t('plans.unavailable.title');
  const current = plans.filter((plan) => plan.quarterId === quarter?.id);
  return (
    <Card title={t('enrolments.title')}>
      {childrenOfFamily.length === 0 ? (
        <EmptyState>{t('enrolments.noChildren')}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {childrenOfFamily.map((child) => {
            const childPlans = current.filter((plan) => plan.childId === child.id);
            return (
              <li key={child.id} className="rounded-lg border border-slate-100 p-3">
                <Link to={to(plansPath({ child: child.id }))} className="font-semibold text-teal-900 hover:underline">
                  {child.name}
                </Link>
                {childPlans.length === 0 ? (
                  <p className="mt-1 text-sm text-slate-600">{t('enrolments.none')}</p>
                ) : (
                  <ul className="mt-1 space-y-1 text-sm text-slate-700">
                    {childPlans.map((plan) => (
                      <li key={plan.id}>
                        <Link to={to(plansPath({ child: child.id, plan: plan.id }))} className="hover:underline">
                          {lessonName(plan.lessonId)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {/* Reporting is the parent's; an admin's view of the family reports nothing. */}
      {!readOnly && current.length > 0 && (
        <Link to={absencesPath()} className="mt-3 inline-block text-sm font-medium text-teal-800 underline">{t('absences.title')}</Link>
      )}
    </Card>
  );
});
