import { useTranslation } from 'react-i18next';
import { yearlyStatement } from '../../domain/statement';
import type { Member, Payment } from '../../domain/types';
import { familyView } from '../../domain/views';
import { appConfig } from '../../lib/config';
import { formatDay, todayIso } from '../../lib/schoolClock';
import { useLocale } from '../../i18n/useLocale';
import { usePdfDownload } from '../../lib/usePdfDownload';
import { statementDocument, statementFileName } from './statementDocument';

/**
 * "Download statement <year>": the yearly statement as a PDF in the parent's language. The PDF
 * library is fetched only now, on the click (lib/pdf.ts).
 */
export function StatementButton({ member, payments, year }: { member: Member; payments: Payment[]; year: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { busy, failed, download: save } = usePdfDownload('the statement');

  function download() {
    const family = familyView(member);
    return save(
      () =>
        statementDocument({
          statement: yearlyStatement(payments, year),
          association: appConfig.sepa.recipientName || t('app.name'),
          family: { memberId: member.id, name: family.familyName, address: family.address },
          issuedOn: todayIso(),
          t,
          locale,
          formatDay: (day, dayLocale) => formatDay(day, dayLocale),
        }),
      statementFileName(t, year),
    );
  }

  return (
    <div className="flex flex-col items-stretch gap-1 sm:items-end">
      <button type="button" onClick={() => void download()} disabled={busy} aria-busy={busy}
        className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-teal-700 bg-white px-4 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 disabled:opacity-70">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 3v12m0 0-4-4m4 4 4-4M5 21h14" />
        </svg>
        {busy ? t('statement.preparing', { year }) : t('statement.download', { year })}
      </button>
      {failed && <p role="alert" className="text-sm text-red-700">{t('statement.failed')}</p>}
    </div>
  );
}
