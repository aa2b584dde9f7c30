import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const COPY_FEEDBACK_MS = 2000;

/** Copies a value to the clipboard and confirms it for 2 s (spec section 4). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch (error) {
      console.error('Copying failed', error);
    }
  }
  return (
    <button type="button" onClick={copy} aria-label={t('sepa.copyLabel', { field: label })}
      className="shrink-0 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium hover:bg-slate-50">
      <span aria-live="polite">{copied ? t('sepa.copied') : t('sepa.copy')}</span>
    </button>
  );
}
