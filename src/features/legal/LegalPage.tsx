/**
 * The imprint and the privacy notice (/imprint, /privacy), public and in the UI's language. The
 * association writes their texts; the build turns them into HTML (tools/legalPages.ts).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import legalTexts from 'virtual:legal-pages';
import { currentLanguage } from '../../i18n';
import { linkClass, PublicLayout } from '../../components/PublicLayout';
import { paths } from '../../routing/paths';

export type LegalPageKind = 'imprint' | 'privacy';

/** Headings, paragraphs, lists and links of the association's Markdown, in the app's type scale. */
const textClass =
  'space-y-3 text-slate-800 [&_a]:font-medium [&_a]:text-teal-800 [&_a]:underline [&_code]:text-sm [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:pt-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc';

export function LegalPage({ kind }: { kind: LegalPageKind }) {
  const { t, i18n } = useTranslation();
  return (
    <PublicLayout title={t(`legal.${kind}`)} wide>
      {/* Markdown from the association's build settings, rendered without raw HTML (tools/legalPages.ts). */}
      <div className={textClass} dangerouslySetInnerHTML={{ __html: legalTexts[kind][currentLanguage(i18n.resolvedLanguage)] }} />
      <p>
        <Link to={paths.dashboard} className={linkClass}>
          {t('legal.backToPortal')}
        </Link>
      </p>
    </PublicLayout>
  );
}

export function ImprintPage() {
  return <LegalPage kind="imprint" />;
}

export function PrivacyPage() {
  return <LegalPage kind="privacy" />;
}
