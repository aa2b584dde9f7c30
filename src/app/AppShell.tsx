/**
 * The frame of the signed-in app: header, sidebar on wide screens, bottom bar on phones, the
 * verification banner, and the data layer for the family.
 */
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { signOutHere } from '../auth/signOutHere';
import { useAuth } from '../auth/AuthProvider';
import { LanguageSelect } from '../components/LanguageSelect';
import { ThemeToggle } from '../components/ThemeToggle';
import { BookingProvider } from '../data/BookingProvider';
import { DirectDebitProvider } from '../data/useDirectDebit';
import { DataProvider, useFamilyLoading, useUnreadNotices } from '../data/DataProvider';
import { FamilyScreen } from '../components/FamilyScreen';
import { LegalLinks } from '../components/LegalLinks';
import { Icon, NAV_ITEMS, type NavItem } from '../routing/navigation';
import { paths } from '../routing/paths';
import { VerificationBanner } from '../auth/VerificationBanner';
import { UnreadBadge, UnreadInName, unreadOf } from './NavEntryLabel';
import { usePushNavigation } from './usePushMessages';
import { useWhenIdle } from './useWhenIdle';

const ADMIN_ICON = 'M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Zm-3 9 2 2 4-4';

/** For admins only; its own reader of the account, so that the admin record's arrival renders the link, not the frame. */
function AdminLink({ className, compact = false }: { className: string; compact?: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user?.isAdmin) return null;
  return (
    <a href={paths.admin} className={className}>
      <Icon path={ADMIN_ICON} className="size-5" />
      {/* On phones the header shows the icon alone; the name stays for screen readers. */}
      <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{t('nav.adminPanel')}</span>
    </a>
  );
}

/** Calls `loadTheRest` when the browser is idle once the family's data (or its error) is on screen. */
function LoadTheRestOnceShown({ loadTheRest }: { loadTheRest: () => void }) {
  const loading = useFamilyLoading();
  useWhenIdle(!loading, loadTheRest);
  return null;
}

/**
 * The imprint and privacy links, once the family is on screen: drawn below a loading screen, the
 * footer would jump down when the figures arrive, a layout shift on every visit.
 */
function LegalLinksOnceShown() {
  const loading = useFamilyLoading();
  // Clear of the phone's bottom bar, which covers the page's last 4 to 5 rem.
  return loading ? null : <LegalLinks className="pb-24 md:pb-4" />;
}

/**
 * The sidebar's entries (inside the family's data: the dashboard's carries the unread notices).
 * Each entry is a memo component given its own count, so that the notices' arrival renders the
 * dashboard's entry again, not all five.
 */
function SideEntries() {
  const unread = useUnreadNotices();
  return NAV_ITEMS.map((item) => <SideEntry key={item.path} item={item} unread={unreadOf(item, unread)} />);
}

const SideEntry = memo(function SideEntry({ item, unread }: { item: NavItem; unread: number }) {
  const { t } = useTranslation();
  const label = t(item.labelKey);
  return (
    <NavLink to={item.path} end
      className={({ isActive }) => `flex items-center gap-3 rounded-lg px-3 py-2 font-medium ${isActive ? 'bg-teal-50 text-teal-900' : 'text-slate-700 hover:bg-slate-100'}`}>
      <Icon path={item.icon} className="size-5" />
      <span>{label}<UnreadInName unread={unread} /></span>
      <UnreadBadge unread={unread} className="ml-auto" />
    </NavLink>
  );
});

/** The phone's bottom bar's entries, as the sidebar's; `onCurrent` gets the path of a tapped entry. */
function BottomEntries({ onCurrent }: { onCurrent: (path: string) => void }) {
  const unread = useUnreadNotices();
  return NAV_ITEMS.map((item) => <BottomEntry key={item.path} item={item} unread={unreadOf(item, unread)} onCurrent={onCurrent} />);
}

const BottomEntry = memo(function BottomEntry({ item, unread, onCurrent }: { item: NavItem; unread: number; onCurrent: (path: string) => void }) {
  const { t } = useTranslation();
  const label = t(item.shortLabelKey);
  return (
    <NavLink to={item.path} end onClick={() => onCurrent(item.path)}
      className={({ isActive }) => `relative flex min-w-0 flex-col items-center gap-0.5 px-0.5 py-2 text-[11px] leading-tight ${isActive ? 'text-teal-800' : 'text-slate-600'}`}>
      <Icon path={item.icon} />
      {/* Over the icon's upper right corner, inside the entry's fifth of the bar. */}
      <UnreadBadge unread={unread} className="absolute top-1 left-1/2 ml-1.5" />
      {/* Never cut: a label wider than its fifth of the bar takes a second line. */}
      <span className="max-w-full text-center wrap-anywhere">{label}<UnreadInName unread={unread} /></span>
    </NavLink>
  );
});

/**
 * The data of the signed-in parent's family. The account is read here rather than in the frame:
 * when the admin record arrives (after the first paint), only this component renders again; the
 * frame inside it is the same element and is left alone.
 */
function SignedInFamilyData({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <DataProvider email={user?.email ?? ''}>{children}</DataProvider>;
}

/** `loadTheRest`: what the session loads beyond the screen, once the family is on it (startup.ts). */
export function AppShell({ loadTheRest }: { loadTheRest: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePushNavigation();

  // Tapping the entry of the page one is on brings it back to the top (spec section 2).
  const scrollTopIfCurrent = (path: string) => {
    if (path === pathname) window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <SignedInFamilyData>
      <LoadTheRestOnceShown loadTheRest={loadTheRest} />
      <div className="min-h-dvh bg-slate-50">
        {/* On a narrow phone in German the controls take a second row rather than stick out. */}
        <header className="sticky top-0 z-20 flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-2">
          <NavLink to={paths.dashboard} className="font-semibold text-teal-800">
            {t('app.name')}
          </NavLink>
          <div className="ml-auto flex flex-wrap items-center justify-end gap-2 sm:gap-3">
            <AdminLink compact className="inline-flex items-center gap-1 rounded-md p-1 text-sm font-medium text-teal-800 hover:underline" />
            <LanguageSelect />
            <ThemeToggle />
            <button type="button" onClick={() => void signOutHere()} className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50">
              {t('common.signOut')}
            </button>
          </div>
        </header>
        <VerificationBanner />
        <div className="mx-auto flex max-w-6xl">
          <nav aria-label={t('nav.label')} className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-56 shrink-0 flex-col gap-1 p-4 md:flex">
            <SideEntries />
            <AdminLink className="mt-4 flex items-center gap-3 rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100" />
          </nav>
          <main className="min-w-0 flex-1 px-4 pt-6 pb-4 md:pb-6">
            {/* The next quarter's offer and the family's direct debit, read once a screen asks for
                them, kept while the parent moves on. */}
            <BookingProvider>
              <DirectDebitProvider>
                <FamilyScreen />
              </DirectDebitProvider>
            </BookingProvider>
          </main>
        </div>
        <LegalLinksOnceShown />
        <nav aria-label={t('nav.label')} className="fixed inset-x-0 bottom-0 z-20 grid grid-cols-5 border-t border-slate-200 bg-white md:hidden">
          <BottomEntries onCurrent={scrollTopIfCurrent} />
        </nav>
      </div>
    </SignedInFamilyData>
  );
}
