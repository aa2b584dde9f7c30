import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../routing/paths';

/** The imprint and the privacy notice, linked from every page, signed in or out (German law asks for both). */
export function LegalLinks({ className = 'pb-4' }: { className?: string }) {
  const { t } = useTranslation();
  const link = 'text-slate-600 underline underline-offset-2 hover:text-slate-900';
  return (
    <footer className={`flex flex-wrap justify-center gap-x-4 gap-y-1 pt-4 text-sm ${className}`}>
      <Link to={paths.imprint} className={link}>
        {t('legal.imprint')}
      </Link>
      <Link to={paths.privacy} className={link}>
        {t('legal.privacy')}
      </Link>
    </footer>
  );
}
