import type { AccountsOverview, InvitationResult } from '@family-portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inviteMembers } from '../../../api/office';
import { apiErrorKey } from '../../../api/errorMessages';
import { Alert } from '../../../components/Alert';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { currentLanguage } from '../../../i18n';

type Asked = { kind: 'selected' } | { kind: 'all' };

interface Props {
  selected: string[];
  overview: AccountsOverview | null;
  onSent: () => void;
}

function Result({ result, onDismiss }: { result: InvitationResult; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3">
      <Alert tone={result.sent.length > 0 ? 'success' : 'warning'} title={t('admin.accounts.invite.result', { sent: result.sent.length, skipped: result.skipped.length })}>
        {result.sent.length > 0 && <p className="mt-1">{t('admin.accounts.invite.sentTo', { ids: result.sent.join(', ') })}</p>}
        {result.skipped.length > 0 && (
          <ul className="mt-1 list-disc pl-5">
            {result.skipped.map((skip) => <li key={skip.memberId}>{skip.memberId}: {t(`admin.accounts.invite.reason.${skip.reason}`)}</li>)}
          </ul>
        )}
        <button type="button" onClick={onDismiss} className="mt-2 text-sm font-medium underline">{t('admin.controls.dismiss')}</button>
      </Alert>
    </div>
  );
}

/** Invitations: to the selected members, or to every active member without an account never invited. */
export function InvitePanel({ selected, overview, onSent }: Props) {
  const { t, i18n } = useTranslation();
  // The office's own language comes first in the e-mail.
  const language = currentLanguage(i18n.resolvedLanguage);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<InvitationResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const left = overview ? Math.max(0, overview.invitationsToday.limit - overview.invitationsToday.sent) : null;

  const send = async () => {
    if (!asked) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await inviteMembers(asked.kind === 'all' ? { allNotInvited: true, language } : { memberIds: selected, language }));
      onSent();
    } catch (caught) {
      setError(t('admin.accounts.invite.failed', { message: t(apiErrorKey(caught)) }));
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };

  return (
    <Card title={t('admin.accounts.invite.title')}>
      <p className="text-sm text-slate-600">{t('admin.accounts.invite.explain')}</p>
      {left !== null && <p className="mt-1 text-sm text-slate-600">{t('admin.accounts.invite.today', { sent: overview!.invitationsToday.sent, limit: overview!.invitationsToday.limit })}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" disabled={selected.length === 0 || busy} onClick={() => setAsked({ kind: 'selected' })} className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-50">
          {selected.length === 0 ? t('admin.accounts.invite.selectedNone') : t('admin.accounts.invite.selected', { count: selected.length })}
        </button>
        <button type="button" disabled={busy || left === 0} onClick={() => setAsked({ kind: 'all' })} className="rounded-md border border-teal-700 px-3 py-1.5 text-sm font-medium text-teal-800 hover:bg-teal-50 disabled:opacity-50">
          {t('admin.accounts.invite.all')}
        </button>
      </div>
      {error && <div className="mt-3"><Alert tone="error">{error}</Alert></div>}
      {result && <Result result={result} onDismiss={() => setResult(null)} />}
      <ConfirmDialog
        open={asked !== null}
        busy={busy}
        title={t('admin.accounts.invite.confirmTitle')}
        message={asked?.kind === 'all' ? t('admin.accounts.invite.confirmAll', { left: left ?? 0 }) : t('admin.accounts.invite.confirmSelected', { count: selected.length })}
        confirmLabel={busy ? t('admin.accounts.invite.sending') : t('admin.accounts.invite.send')}
        cancelLabel={t('admin.controls.cancel')}
        onConfirm={() => void send()}
        onCancel={() => setAsked(null)}
      />
    </Card>
  );
}
