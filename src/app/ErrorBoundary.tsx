import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Fallback() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto max-w-md space-y-3 px-4 py-10 text-center">
      <p className="text-slate-800">{t('errors.unexpected')}</p>
      <button type="button" onClick={() => window.location.reload()} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800">
        {t('common.retry')}
      </button>
    </div>
  );
}

/** The route-level net: a crash in a screen shows a translated message instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A screen crashed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <Fallback /> : this.props.children;
  }
}
