import type { ParseKeys } from 'i18next';
import { paths } from './paths';

export interface NavItem {
  path: string;
  labelKey: ParseKeys;
  /** The phone's bottom bar gives each entry a fifth of 320 px: a word that fits there. */
  shortLabelKey: ParseKeys;
  icon: string;
}

/** Heroicons-style outline paths, 24×24. */
export const NAV_ITEMS: NavItem[] = [
  { path: paths.dashboard, labelKey: 'nav.home', shortLabelKey: 'nav.short.home', icon: 'M3 11.5 12 4l9 7.5M5 10v10h5v-6h4v6h5V10' },
  { path: paths.family, labelKey: 'nav.family', shortLabelKey: 'nav.short.family', icon: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM2 20c0-3 3-5 6-5s6 2 6 5m0-5c1-.6 2-1 3-1 3 0 5 2 5 5' },
  { path: paths.plans, labelKey: 'nav.plans', shortLabelKey: 'nav.short.plans', icon: 'M7 3v3m10-3v3M4 8h16M5 5h14v15H5zM8 12h3m-3 4h6' },
  { path: paths.transactions, labelKey: 'nav.transactions', shortLabelKey: 'nav.short.transactions', icon: 'M4 7h13l-3-3m6 13H7l3 3M4 7v0m16 10v0' },
  { path: paths.bookDeposits, labelKey: 'nav.bookDeposits', shortLabelKey: 'nav.short.bookDeposits', icon: 'M5 4h10a3 3 0 0 1 3 3v13H8a3 3 0 0 1-3-3V4Zm0 13a3 3 0 0 1 3-3h10' },
];

export function Icon({ path, className = 'size-6' }: { path: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden="true">
      <path d={path} />
    </svg>
  );
}
