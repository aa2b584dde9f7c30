/**
 * The e-mails a parent turns on: payment required, payment received, the confirmation of a
 * cancellation request, the office's decision on a booking request, notices from the school
 * office. All off until turned on, but a lesson of the family's cancelled: that one comes unless
 * turned off (MAIL_KINDS_ON_BY_DEFAULT). Written in the portal's language at the moment of saving,
 * which is stored with the choice. While the family pays by direct debit, the announcements of
 * its collections are listed too, on and not to be turned off: a legal notice (docs/payments.md).
 * Below them, this device's notifications of the same kinds (PushDevice.tsx).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationChoices } from '@family-portal/contract';
import { PARENT_MAIL_KINDS } from '@family-portal/contract/rules';
import { getNotificationChoices, setNotificationChoices } from '../../api/members';
import { apiErrorKey } from '../../api/errorMessages';
import { Alert } from '../../components/Alert';
import { Card, Skeleton } from '../../components/Card';
import { useDirectDebit } from '../../data/useDirectDebit';
import { pausedMandate } from '../../domain/debits';
import { currentLanguage } from '../../i18n';
import { PushDevice } from './PushDevice';

export function NotificationsCard({ memberId = null }: { memberId?: string | null }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { state: directDebit } = useDirectDebit(memberId);
  const paysByDirectDebit = directDebit.status === 'ready' && (directDebit.active !== null || pausedMandate(directDebit.mandates) !== null);
  const [choices, setChoices] = useState<NotificationChoices | null>(null);
  // As stored: what the e-mails, and so this device's notifications, follow.
  const [saved, setSaved] = useState<NotificationChoices | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    let current = true;
    getNotificationChoices().then(
      (loaded) => {
        if (!current) return;
        setChoices(loaded);
        setSaved(loaded);
      },
      (error: unknown) => current && setMessage({ tone: 'error', text: t(apiErrorKey(error)) }),
    );
    return () => {
      current = false;
    };
  }, [t]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!choices) return;
    setSaving(true);
    setMessage(null);
    try {
      const stored = await setNotificationChoices({ ...choices, language: currentLanguage(i18n.resolvedLanguage) });
      setChoices(stored);
      setSaved(stored);
      setMessage({ tone: 'success', text: t('family.notifications.saved') });
    } catch (error) {
      setMessage({ tone: 'error', text: t(apiErrorKey(error)) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={t('family.notifications.title')}>
      <p className="text-sm text-slate-700">{t('family.notifications.intro')}</p>
      {choices === null && !message && <Skeleton className="mt-3 h-24 w-full" />}
      {choices && (
        <form onSubmit={(event) => void save(event)} className="mt-3 space-y-2">
          {PARENT_MAIL_KINDS.map((kind) => (
            <div key={kind} className="flex items-start gap-2">
              <input
                id={`${id}-${kind}`}
                type="checkbox"
                checked={choices[kind]}
                onChange={(event) => setChoices({ ...choices, [kind]: event.target.checked })}
                className="mt-1 size-4 accent-teal-700"
              />
              <label htmlFor={`${id}-${kind}`} className="text-sm text-slate-800">
                {t(`family.notifications.kinds.${kind}`)}
              </label>
            </div>
          ))}
          {paysByDirectDebit && (
            <div className="flex items-start gap-2">
              <input id={`${id}-directDebit`} type="checkbox" checked disabled aria-describedby={`${id}-directDebit-why`} className="mt-1 size-4 accent-teal-700" />
              <div>
                <label htmlFor={`${id}-directDebit`} className="text-sm text-slate-800">
                  {t('family.notifications.directDebitKind')}
                </label>
                <p id={`${id}-directDebit-why`} className="text-xs text-slate-600">
                  {t('family.notifications.directDebitWhy')}
                </p>
              </div>
            </div>
          )}
          <p className="text-xs text-slate-600">{t('family.notifications.language')}</p>
          <button type="submit" disabled={saving} className="rounded-md border border-teal-700 px-3 py-1.5 text-sm font-medium text-teal-800 hover:bg-teal-50 disabled:opacity-60">
            {saving ? t('family.notifications.saving') : t('family.notifications.save')}
          </button>
        </form>
      )}
      {message && (
        <div className="mt-3">
          <Alert tone={message.tone}>{message.text}</Alert>
        </div>
      )}
      {saved && <PushDevice choices={saved} />}
    </Card>
  );
}
