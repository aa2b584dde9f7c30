import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { paths, queryParams } from '../../routing/paths';
import { PublicLayout, linkClass } from '../../components/PublicLayout';

/**
 * The one action URL Firebase puts into every e-mail (Authentication → Templates → action URL):
 * `/auth/action?mode=…&oobCode=…`. Each mode goes to the page that completes it, with the same
 * query, so the links work whether a project points them here or at the pages themselves.
 */
const TARGETS: Record<string, string> = {
  verifyEmail: paths.verifyEmail,
  resetPassword: paths.resetPassword,
};

export default function AuthActionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mode = params.get(queryParams.mode) ?? '';
  const target = TARGETS[mode];
  if (target && params.get(queryParams.oobCode)) return <Navigate to={`${target}?${params.toString()}`} replace />;

  // Undoing an e-mail change: parents do not change their sign-in address here (the school
  // office keeps it), so such a link did not come from this portal's flows.
  const recover = mode === 'recoverEmail';
  return (
    <PublicLayout title={t(recover ? 'authAction.recoverTitle' : 'authAction.invalidTitle')}>
      <p className="text-slate-700">{t(recover ? 'authAction.recoverText' : 'authAction.invalidText')}</p>
      <p>
        <Link to={paths.login} className={linkClass}>{t('authAction.toLogin')}</Link>
      </p>
    </PublicLayout>
  );
}
