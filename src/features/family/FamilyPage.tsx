import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthProvider';
import { Card, EmptyState, Skeleton } from '../../components/Card';
import { LoadError } from '../../components/LoadError';
import { useData } from '../../data/DataProvider';
import { formatDay, todayIso } from '../../lib/schoolClock';
import { cancellationState, memberDuration } from '../../domain/membership';
import type { Child, Member } from '../../domain/types';
import { familyView } from '../../domain/views';
import { useLocale } from '../../i18n/useLocale';
import { CancelMembershipDialog } from './CancelMembershipDialog';
import { DirectDebitCard } from './DirectDebitCard';
import { EditContactDialog } from './EditContactDialog';
import { NotificationsCard } from './NotificationsCard';
import { YourDataCard } from './YourDataCard';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useFamilyScope } from '../../routing/familyScope';

/** Contact data, membership and children (spec section 2, Family). */
export default function FamilyPage() {
  const { t } = useTranslation();
  const data = useData();
  const { user } = useAuth();
  const { readOnly } = useFamilyScope();
  useDocumentTitle(t('pages.family.title'));

  if (data.loading) {
    return (
      <div className="space-y-4" role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  // Spec: load errors on this page come without a Retry button.
  if (data.error) return <LoadError message={data.error} retry={false} />;
  if (!data.member) return <EmptyState>{t('errors.noMember', { email: user?.email ?? '' })}</EmptyState>;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('pages.family.title')}</h1>
      <div className="grid gap-4 lg:grid-cols-2">
        <ContactCard member={data.member} onSaved={readOnly ? undefined : data.replaceMember} />
        <MembershipCard member={data.member} onCancelled={readOnly ? undefined : data.replaceMember} />
      </div>
      <ChildrenCard childrenOfFamily={data.children} />
      {/* The family's own mandate: the office keeps it in AppSheet, an admin's view shows none. */}
      {!readOnly && <DirectDebitCard member={data.member} />}
      {/* The parent's own e-mails, data and account: none of an admin's business in a family's view. */}
      {!readOnly && <NotificationsCard memberId={data.member.id} />}
      {!readOnly && <YourDataCard />}
    </div>
  );
}

function Row({ label, value }: { label: string; value: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col py-1.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium break-words text-slate-900 sm:text-right">{value || t('family.notProvided')}</dd>
    </div>
  );
}

/** Without `onSaved` (an admin's view), the card only shows the data. */
function ContactCard({ member, onSaved }: { member: Member; onSaved?: (member: Member) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const family = familyView(member);
  return (
    <Card title={t('family.contact.title')} action={onSaved &&
      <button type="button" onClick={() => setEditing(true)} className="rounded-md border border-teal-700 px-3 py-1 text-sm font-medium text-teal-800 hover:bg-teal-50">
        {t('family.contact.edit')}
      </button>
    }>
      <p className="font-semibold text-slate-900">{family.familyName}</p>
      {/* The same labels as in the edit dialog, so a parent finds each field there again. */}
      <dl className="mt-2 divide-y divide-slate-100 text-sm">
        <Row label={t('family.fields.primaryName')} value={member.primaryName} />
        <Row label={t('family.fields.secondaryName')} value={member.secondaryName} />
        <Row label={t('family.fields.primaryEmail')} value={family.primaryEmail} />
        <Row label={t('family.fields.phone')} value={member.phone} />
        <Row label={t('family.fields.phone2')} value={member.phone2} />
        <Row label={t('family.fields.address')} value={member.address} />
      </dl>
      {onSaved && <EditContactDialog member={member} open={editing} onClose={() => setEditing(false)} onSaved={onSaved} />}
    </Card>
  );
}

/** Without `onCancelled` (an admin's view), no cancellation is offered. */
function MembershipCard({ member, onCancelled }: { member: Member; onCancelled?: (member: Member) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [cancelling, setCancelling] = useState(false);
  const state = cancellationState(member);
  const duration = member.membershipStartsAt ? memberDuration(member.membershipStartsAt, todayIso()) : null;
  const day = (value: string | null) => (value ? formatDay(value, locale) : null);
  return (
    <Card title={t('family.membership.title')}>
      <dl className="divide-y divide-slate-100 text-sm">
        <Row label={t('family.membership.status')} value={membershipStatusText(member.status, t)} />
        <Row label={t('family.membership.type')} value={member.type} />
        <Row label={t('family.membership.since')} value={day(member.membershipStartsAt)} />
        <Row label={t('family.membership.duration')} value={duration ? t(`family.duration.${duration.unit}`, { count: duration.count }) : null} />
        <Row label={t('family.membership.endsAt')} value={day(member.membershipEndsAt) ?? t('family.membership.noEnd')} />
      </dl>
      {state.kind === 'pending' && (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('family.cancel.pending', { date: state.requestedAt ? formatDay(state.requestedAt, locale, 'long') : '—' })}
        </p>
      )}
      {onCancelled && state.kind !== 'inactive' && (
        <button type="button" onClick={() => setCancelling(true)} className="mt-3 rounded-md border border-red-700 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50">
          {t('family.cancel.open')}
        </button>
      )}
      {onCancelled && <CancelMembershipDialog member={member} open={cancelling} onClose={() => setCancelling(false)} onCancelled={onCancelled} />}
    </Card>
  );
}

function ChildrenCard({ childrenOfFamily }: { childrenOfFamily: Child[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Card title={t('family.children.title')}>
      {childrenOfFamily.length === 0 ? (
        <EmptyState>{t('enrolments.noChildren')}</EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {childrenOfFamily.map((child) => (
            <li key={child.id} className="rounded-lg border border-slate-100 p-3 text-sm">
              <p className="font-semibold text-slate-900">{child.name}</p>
              <p className="text-slate-600">
                {[child.birthday && formatDay(child.birthday, locale), child.age !== null && t('family.children.age', { count: child.age }), child.class && t('family.children.class', { name: child.class })]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {child.status !== 'active' && <p className="text-xs text-slate-500">{membershipStatusText(child.status, t)}</p>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Active, inactive, or the office's own word for another non-active status ("Ausgetreten"). */
function membershipStatusText(status: string, t: (key: 'family.membership.active' | 'family.membership.inactive') => string): string {
  if (status === 'active') return t('family.membership.active');
  if (status === 'inactive') return t('family.membership.inactive');
  return status;
}
