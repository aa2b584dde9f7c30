/**
 * How the app starts, and what it loads ahead of the parent: every page is its own chunk, loaded
 * in five moments.
 *
 * 1. `loadFirstScreen`, before the first render: the chunk of the page at the address, so that
 *    it renders without suspending (React holds back content that replaces a fallback, see
 *    lazyWithReload), and, for a signed-in page, the frame around it.
 * 2. `loadForSignIn`, while the parent types on /login and the credentials are checked: Auth
 *    (a signed-out visitor's /login waits for this, see AuthProvider), the frame, the dashboard,
 *    and the Firestore worker (with its local cache opened and the contract's schemas).
 * 3. `loadTheRest`, once the screen shows what the parent waited for (the family's figures; the
 *    admin's page at once) and the browser is idle: in production builds the service worker,
 *    whose first install downloads the offline app shell, every chunk (see lib/serviceWorker).
 * 4. `preloadOnIntent`, as the parent points at, focuses or touches a link: the page it leads to.
 *    Not ahead of that: evaluating every page the parent might open next cost a phone's CPU
 *    more than the dashboard's own reads (`npm run bench:web`, docs/performance.md), and a
 *    route change keeps the current screen until the next one is ready (a transition).
 * 5. A returning visitor's service worker registers itself once the page has loaded (main.tsx).
 *
 * Each chunk loads only once, whichever moment asks first.
 */
import { mayHoldSession } from '../auth/AuthProvider';
import { loadTexts } from '../i18n';
import type { Namespace } from '../i18n/namespaces';
import { getAuth, warmFirestore } from '../data/firebase';
import { registerServiceWorker } from '../lib/serviceWorker';
import { paths } from '../routing/paths';
import { lazyWithReload } from './lazyWithReload';

/** A signed-in page's chunk together with the texts of its screens (i18n/namespaces.ts). */
const withTexts =
  <T>(namespaces: readonly Namespace[], load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadTexts(namespaces)]).then(([module]) => module);
const FAMILY: readonly Namespace[] = ['family'];
const OFFICE: readonly Namespace[] = ['family', 'office'];

export const LoginPage = lazyWithReload(() => import('../features/login/LoginPage'));
export const VerifyEmailPage = lazyWithReload(() => import('../features/verify-email/VerifyEmailPage'));
export const ForgotPasswordPage = lazyWithReload(() => import('../features/forgot-password/ForgotPasswordPage'));
export const ResetPasswordPage = lazyWithReload(() => import('../features/reset-password/ResetPasswordPage'));
export const AuthActionPage = lazyWithReload(() => import('../features/auth-action/AuthActionPage'));
export const ImprintPage = lazyWithReload(() => import('../features/legal/LegalPage').then(({ ImprintPage }) => ({ default: ImprintPage })));
export const UnsubscribePage = lazyWithReload(() => import('../features/unsubscribe/UnsubscribePage'));
export const PrivacyPage = lazyWithReload(() => import('../features/legal/LegalPage').then(({ PrivacyPage }) => ({ default: PrivacyPage })));
// The signed-in frame (navigation, the family's data) is not part of the login page's JavaScript.
export const AppShell = lazyWithReload(withTexts(FAMILY, () => import('./AppShell').then(({ AppShell }) => ({ default: AppShell }))));
export const DashboardPage = lazyWithReload(withTexts(FAMILY, () => import('../features/dashboard/DashboardPage')));
export const AdminPage = lazyWithReload(withTexts(OFFICE, () => import('../features/admin/AdminPage')));
export const AccountsPage = lazyWithReload(withTexts(OFFICE, () => import('../features/admin/accounts/AccountsPage')));
export const RequestsPage = lazyWithReload(withTexts(OFFICE, () => import('../features/admin/requests/RequestsPage')));
export const NoticesPage = lazyWithReload(withTexts(OFFICE, () => import('../features/admin/notices/NoticesPage')));
export const AbsencesPage = lazyWithReload(withTexts(OFFICE, () => import('../features/admin/absences/AbsencesPage')));
export const CollectionsPage = lazyWithReload(withTexts(OFFICE, () => import('../features/admin/collections/CollectionsPage')));
export const FamilyViewPage = lazyWithReload(withTexts(OFFICE, () => import('../features/admin/family-view/FamilyViewPage')));
export const FamilyPage = lazyWithReload(withTexts(FAMILY, () => import('../features/family/FamilyPage')));
export const PlansPage = lazyWithReload(withTexts(FAMILY, () => import('../features/plans/PlansPage')));
export const TransactionsPage = lazyWithReload(withTexts(FAMILY, () => import('../features/transactions/TransactionsPage')));
export const BookDepositsPage = lazyWithReload(withTexts(FAMILY, () => import('../features/book-deposits/BookDepositsPage')));
/** Booking the next quarter's courses: its page, and the entry the dashboard and the plans page show. */
export const BookingPage = lazyWithReload(withTexts(FAMILY, () => import('../features/booking/BookingPage')));
export const DashboardBooking = lazyWithReload(withTexts(FAMILY, () => import('../features/booking/DashboardBooking')));
export const PlansBookingLink = lazyWithReload(withTexts(FAMILY, () => import('../features/booking/DashboardBooking').then(({ PlansBookingLink }) => ({ default: PlansBookingLink }))));
/** The school office's notices on the dashboard; the family's absences and reporting one. */
export const DashboardNotices = lazyWithReload(withTexts(FAMILY, () => import('../features/notices/DashboardNotices')));
export const FamilyNoticesPage = lazyWithReload(withTexts(FAMILY, () => import('../features/notices/FamilyNoticesPage')));
export const FamilyAbsencesPage = lazyWithReload(withTexts(FAMILY, () => import('../features/absences/FamilyAbsencesPage')));

type Loadable = { preload: () => Promise<unknown> };

const PUBLIC_PAGES: Record<string, Loadable> = {
  [paths.login]: LoginPage,
  [paths.verifyEmail]: VerifyEmailPage,
  [paths.forgotPassword]: ForgotPasswordPage,
  [paths.resetPassword]: ResetPasswordPage,
  [paths.authAction]: AuthActionPage,
  [paths.imprint]: ImprintPage,
  [paths.privacy]: PrivacyPage,
  [paths.unsubscribe]: UnsubscribePage,
};
/** The pages of the frame, which the router shows without loading a new document. */
const FAMILY_PAGES: Record<string, Loadable> = {
  [paths.dashboard]: DashboardPage,
  [paths.family]: FamilyPage,
  [paths.plans]: PlansPage,
  [paths.transactions]: TransactionsPage,
  [paths.bookDeposits]: BookDepositsPage,
  [paths.absences]: FamilyAbsencesPage,
};
const SIGNED_IN_PAGES: Record<string, Loadable> = {
  ...FAMILY_PAGES,
  [paths.booking]: BookingPage,
  [paths.notices]: FamilyNoticesPage,
  [paths.admin]: AdminPage,
  [paths.adminAccounts]: AccountsPage,
  [paths.adminRequests]: RequestsPage,
  [paths.adminNotices]: NoticesPage,
  [paths.adminAbsences]: AbsencesPage,
  [paths.adminCollections]: CollectionsPage,
};

const ignore = () => undefined;

/** The signed-in page at a path; one notice's page (an e-mail's link) is the notices page. */
const signedInPageAt = (pathname: string): Loadable | undefined => SIGNED_IN_PAGES[pathname.startsWith(`${paths.notices}/`) ? paths.notices : pathname];

/** A page of the parent's frame and what it shows at once. */
function withItsParts(page: Loadable): Loadable[] {
  // The dashboard's notices come with it: arriving later, the card would push the figures below it
  // down. So does its booking entry: asked for only once the figures render, its chunk and then
  // its read were the last of the load's work, late enough to keep a phone busy for a second more.
  return page === DashboardPage ? [page, DashboardNotices, DashboardBooking] : [page];
}

/** The frame and one signed-in page. */
function loadSignedInScreen(page: Loadable = DashboardPage) {
  void Promise.all([AppShell, ...withItsParts(page)].map((part) => part.preload())).catch(ignore);
}

/**
 * Moment 1. Settles when a public page's chunk is in; a signed-in page's chunks load meanwhile,
 * as Auth decides before they are shown, and so does the Firestore worker when a session may
 * be here: its script and cache open beside the page's own start, not after Auth has reported.
 */
export function loadFirstScreen(pathname: string): Promise<unknown> {
  const publicPage = PUBLIC_PAGES[pathname];
  if (publicPage) return publicPage.preload().catch(ignore);
  loadSignedInScreen(signedInPageAt(pathname));
  if (mayHoldSession()) void warmFirestore().catch(ignore);
  return Promise.resolve();
}

/** Moment 2: handed to the login page, which calls it as the parent starts typing. */
export function loadForSignIn() {
  loadSignedInScreen();
  void getAuth().catch(ignore);
  void warmFirestore().catch(ignore);
}

/**
 * Moment 3: handed to the signed-in frame, which calls it when the browser is idle once the family
 * is shown, and to the console's pages.
 */
export function loadTheRest() {
  if (import.meta.env.PROD) void registerServiceWorker();
}

const CONSOLE = /^\/admin(\/|$)/;
const FAMILY_VIEW = /^\/admin\/families\/[^/]+(\/[^/]*)?$/;

/**
 * The chunks of the page a link to `target` shows in this document, seen from `current`: a
 * signed-in page (an admin's view of a family: the view and the family's page in it), not a
 * console page from the family's frame, which links to the console as a new document that would
 * not reuse this one's modules.
 */
export function pagesOfLink(target: string, current: string): Loadable[] {
  const view = FAMILY_VIEW.exec(target);
  if (view) {
    const page = FAMILY_PAGES[view[1] ?? paths.dashboard];
    return page ? [FamilyViewPage, page] : [];
  }
  if (CONSOLE.test(target) && !CONSOLE.test(current)) return [];
  const page = signedInPageAt(target);
  return page ? withItsParts(page) : [];
}

/** Moment 4: the page behind the link an event of the parent's came from (pointer, focus, touch). */
export function preloadOnIntent(event: Event) {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
  for (const page of pagesOfLink(link.pathname, window.location.pathname)) void page.preload().catch(ignore);
}
