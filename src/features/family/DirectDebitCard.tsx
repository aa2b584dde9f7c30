/**
 * The family page's direct debit (docs/payments.md): the active mandate with the IBAN masked,
 * who gave it and when, and the ways to change the account, stop it or keep a copy; a mandate
 * paused after a return the same, with the way to confirm it (PausedMandate); or, without one,
 * the offer to pay by direct debit. Hidden where the school offers none. `?directDebit=give`
 * (the dashboard's "Pay by direct debit") opens the form at once.
 */
import type { MandateView } from '@family-portal/contract/mandates';
import { isActiveMember } from '@family-portal/contract/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider';
import { Card, Skeleton } from '../../components/Card';
import { useDirectDebit } from '../../data/useDirectDebit';
import { DEFAULT_PRE_NOTIFICATION_DAYS } from '@family-portal/contract/sepaRules';
import { pausedMandate } from '../../domain/debits';
import type { Member } from '../../domain/types';
import { useLocale } from '../../i18n/useLocale';
import { formatDay } from '../../lib/schoolClock';
import { MandateCopyButton } from './MandateCopyButton';
import { MandateDialog } from './MandateDialog';
import { PausedMandate } from './PausedMandate';
import { StopDirectDebitDialog } from './StopDirectDebitDialog';

/** The open-the-form link's parameter. */
export const GIVE_MANDATE_PARAM = 'directDebit';

const buttonClass = 'inline-flex min-h-11 items-center justify-center rounded-md border px-4 py-2 text-sm font-medium';

export function DirectDebitCard({ member }: { member: Member }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useAuth();
  const { state, apply, retry } = useDirectDebit(member.id);
  const [params, setParams] = useSearchParams();
  const [giving, setGiving] = useState(false);
  const [stopping, setStopping] = useState<MandateView | null>(null);
  const [message, setMessage] = useState('');
  const dayOf = (instant: string) => formatDay(instant, locale, 'long');

  const offered = state.status === 'ready' && state.offered;
  useEffect(() => {
    if (!offered || params.get(GIVE_MANDATE_PARAM) !== 'give') return;
    if (isActiveMember(member)) setGiving(true);
    setParams((current) => {
      current.delete(GIVE_MANDATE_PARAM);
      return current;
    }, { replace: true });
  }, [offered, params, setParams, member]);

  if (state.status === 'ready' && !state.offered) return null;
  const title = t('family.directDebit.title');
  if (state.status === 'loading') {
    return (
      <Card title={title}>
        <div role="status" aria-label={t('common.loading')} className="space-y-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </Card>
    );
  }
  if (state.status === 'error') {
    return (
      <Card title={title}>
        <p role="alert" className="text-sm text-red-700">{t('family.directDebit.loadFailed')}</p>
        <button type="button" onClick={retry} className={`${buttonClass} mt-2 border-teal-700 text-teal-800 hover:bg-teal-50`}>{t('common.retry')}</button>
      </Card>
    );
  }
  const { active, mandates } = state;
  const paused = pausedMandate(mandates);
  // The mandate the card shows: the one that collects, or the one that will once confirmed.
  const current = active ?? paused;
  // A family whose membership ended gives no new mandate, but may stop the one it gave.
  const mayGive = isActiveMember(member);
  const earlier = mandates.filter((mandate) => mandate.status !== 'active' && mandate !== current);
  const lastStopped = !current ? earlier.find((mandate) => mandate.status === 'revoked') : undefined;
  return (
    <Card title={title}>
      <p role="status" className="text-sm font-medium text-green-800 empty:hidden">{message}</p>
      {current ? (
        <div className="space-y-3 text-sm">
          <p className="font-semibold text-slate-900 wrap-anywhere">{t('family.directDebit.activeFrom', { iban: current.ibanMasked })}</p>
          {paused && (
            <PausedMandate
              mandate={paused}
              mayConfirm={mayGive}
              onConfirmed={(confirmed) => {
                apply(confirmed);
                setMessage(t('family.directDebit.confirmedMessage', { reference: confirmed.id, iban: confirmed.ibanMasked }));
              }}
              onNotPaused={() => {
                setMessage(t('family.directDebit.notPaused'));
                retry();
              }}
            />
          )}
          <dl className="divide-y divide-slate-100">
            {[
              [t('family.directDebit.reference'), current.id],
              [t('family.directDebit.holder'), current.accountHolder],
              [t('family.directDebit.given'), current.signedBy ? t('family.directDebit.givenBy', { date: dayOf(current.signedAt), email: current.signedBy }) : t('family.directDebit.givenOnPaper', { date: dayOf(current.signedAt) })],
            ].map(([label, value]) => (
              <div key={label} className="flex flex-col py-1.5 sm:flex-row sm:justify-between sm:gap-4">
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-medium text-slate-900 wrap-anywhere sm:text-right">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap gap-2">
            {mayGive && <button type="button" onClick={() => setGiving(true)} className={`${buttonClass} border-teal-700 text-teal-800 hover:bg-teal-50`}>{t('family.directDebit.change')}</button>}
            <button type="button" onClick={() => setStopping(current)} className={`${buttonClass} border-red-700 text-red-800 hover:bg-red-50`}>{t('family.directDebit.stop')}</button>
            <MandateCopyButton mandate={current} signedOn={dayOf(current.signedAt)} />
          </div>
        </div>
      ) : (
        <div className="space-y-3 text-sm">
          <p className="text-slate-700">{lastStopped?.revokedAt ? t('family.directDebit.stoppedNote', { date: dayOf(lastStopped.revokedAt) }) : t('family.directDebit.intro', { days: DEFAULT_PRE_NOTIFICATION_DAYS })}</p>
          {mayGive && <button type="button" onClick={() => setGiving(true)} className={`${buttonClass} border-teal-700 bg-teal-700 font-semibold text-white hover:bg-teal-800`}>{t('family.directDebit.give')}</button>}
        </div>
      )}
      {earlier.length > 0 && (
        <div className="mt-4 text-sm">
          <h3 className="font-medium text-slate-800">{t('family.directDebit.earlier')}</h3>
          <ul className="mt-1 space-y-1 text-slate-600">
            {earlier.map((mandate) => (
              <li key={mandate.id} className="wrap-anywhere">
                {t('family.directDebit.earlierItem', { reference: mandate.id, iban: mandate.ibanMasked, status: t(`family.directDebit.status.${mandate.status}`), date: dayOf(mandate.revokedAt ?? mandate.signedAt) })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <MandateDialog
        open={giving}
        member={member}
        replacing={current}
        onClose={() => setGiving(false)}
        onGiven={(given) => {
          setGiving(false);
          apply(given);
          setMessage(t('family.directDebit.givenMessage', { reference: given.id, email: user?.email ?? given.signedBy ?? '' }));
        }}
      />
      <StopDirectDebitDialog
        mandate={stopping}
        onClose={() => setStopping(null)}
        onStopped={(stopped) => {
          setStopping(null);
          apply(stopped);
          setMessage(t('family.directDebit.stoppedMessage', { date: dayOf(stopped.revokedAt ?? new Date().toISOString()) }));
        }}
      />
    </Card>
  );
}
