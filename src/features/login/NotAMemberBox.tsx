import { useTranslation } from 'react-i18next';
import { appConfig } from '../../lib/config';
import { linkClass } from '../../components/PublicLayout';

/** For visitors who are not members yet: where to ask about membership. */
export function NotAMemberBox() {
  const { t } = useTranslation();
  return (
    <aside className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700" aria-labelledby="not-a-member-heading">
      <h2 id="not-a-member-heading" className="font-semibold text-slate-900">
        {t('auth.errors.interestedInMembership')}
      </h2>
      <p className="mt-1">
        <a href={appConfig.schoolContactUrl} className={linkClass} rel="noopener" target="_blank">
          {t('auth.errors.contactSchool')}
        </a>
      </p>
    </aside>
  );
}
