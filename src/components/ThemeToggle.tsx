import { useTranslation } from 'react-i18next';
import { setTheme, useTheme } from '../lib/theme';
import { useHydrated } from '../lib/useHydrated';

const MOON = 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z';

/** Dark mode on or off, remembered on this device; until pressed it follows the system. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const dark = useTheme() === 'dark';
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      aria-pressed={dark}
      aria-label={t('theme.dark')}
      title={t('theme.dark')}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      disabled={!hydrated}
      className="inline-flex size-8 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 aria-pressed:bg-slate-800 aria-pressed:text-slate-50"
    >
      <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={MOON} />
      </svg>
    </button>
  );
}
