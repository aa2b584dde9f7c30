/** Every path of the app, in one place, so links and guards never spell a path twice. */
export const paths = {
  login: '/login',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Firebase's e-mail action URL: hands each link's mode to the page that completes it. */
  authAction: '/auth/action',
  /** The association's imprint and privacy notice: public, linked from every page. */
  imprint: '/imprint',
  privacy: '/privacy',
  /** The unsubscribe link of a parent's e-mail: public. */
  unsubscribe: '/unsubscribe',
  dashboard: '/',
  family: '/family',
  plans: '/plans',
  /** Booking the next quarter's courses: the family's requests, then the offer. */
  booking: '/booking',
  /** The family's absence reports, and reporting one. */
  absences: '/absences',
  /** All of the family's notices, newest first; `/notices/<id>` opens one (noticePath). */
  notices: '/notices',
  /** The route of both: the list, and one notice opened over it. */
  notice: '/notices/:noticeId?',
  transactions: '/transactions',
  bookDeposits: '/book-deposits',
  admin: '/admin',
  /** The office's accounts overview and invitations. */
  adminAccounts: '/admin/accounts',
  /** The office's course requests for the next quarter: confirm or decline them. */
  adminRequests: '/admin/requests',
  /** The office's notices to families and cancelled lessons. */
  adminNotices: '/admin/notices',
  /** The absences families reported, per day and lesson. */
  adminAbsences: '/admin/absences',
  /** The office's SEPA direct debit collection runs. */
  adminCollections: '/admin/direct-debit',
  /** An admin's read-only view of one family: familyViewPath(memberId). */
  familyView: '/admin/families/:memberId',
} as const;

export function familyViewPath(memberId: string): string {
  return `/admin/families/${encodeURIComponent(memberId)}`;
}

/** What a page may ask the login page to say when it sends the parent there (navigation state). */
export const loginNotices = { accountDeleted: 'accountDeleted' } as const;

/** Query parameters the screens understand (spec section 2). */
export const queryParams = {
  child: 'child',
  plan: 'plan',
  transaction: 'transaction',
  deposit: 'deposit',
  oobCode: 'oobCode',
  mode: 'mode',
  /** The address an invitation's sign-up or password-reset link fills in. */
  email: 'email',
  /** The booking page's offer to show first (its offerId). */
  offer: 'offer',
  /** The absences page opens its report dialog (for `child`, when given). */
  report: 'report',
  /**
   * The plans page opens at the family's course of this lesson (the push of a cancelled lesson
   * names the lesson and the date, `cancelled`: the functions do not look up each family's plan).
   */
  lesson: 'lesson',
  cancelled: 'cancelled',
} as const;

export function plansPath(options: { child?: string; plan?: string } = {}): string {
  return withQuery(paths.plans, { [queryParams.child]: options.child, [queryParams.plan]: options.plan });
}

/** The booking page, optionally at one offer with one child chosen. */
export function bookingPath(options: { offer?: string; child?: string } = {}): string {
  return withQuery(paths.booking, { [queryParams.offer]: options.offer, [queryParams.child]: options.child });
}

/** One notice of the family, opened on the notices page: its e-mail links here. */
export function noticePath(noticeId: string): string {
  return `${paths.notices}/${encodeURIComponent(noticeId)}`;
}

/** The absences page; with `report`, its dialog opens (for that child, when given). */
export function absencesPath(options: { report?: boolean; child?: string } = {}): string {
  return withQuery(paths.absences, { [queryParams.report]: options.report ? '1' : undefined, [queryParams.child]: options.child });
}

export function transactionPath(transactionId: string): string {
  return withQuery(paths.transactions, { [queryParams.transaction]: transactionId });
}

export function bookDepositPath(depositId: string): string {
  return withQuery(paths.bookDeposits, { [queryParams.deposit]: depositId });
}

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value) search.set(key, value);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The signed-in screens a link may lead back to after sign-in. */
const RETURNABLE: readonly string[] = [paths.dashboard, paths.family, paths.plans, paths.booking, paths.absences, paths.notices, paths.transactions, paths.bookDeposits, paths.admin, paths.adminAccounts, paths.adminRequests, paths.adminNotices, paths.adminAbsences, paths.adminCollections];

/** A family's view, one of its screens included: a link one admin shares with another. */
const isFamilyViewPath = (path: string) => /^\/admin\/families\/[^/]+(\/(family|plans|transactions|book-deposits))?$/.test(path);

/** One notice's page: a notice e-mail's link, opened while signed out. */
const isNoticePath = (path: string) => /^\/notices\/[^/]+$/.test(path);

/**
 * Where to go after sign-in: the in-app link the route guard interrupted (path, query and
 * fragment), or the dashboard. Only the app's own signed-in screens qualify, so that no crafted
 * state sends a parent to another site ("//evil.example") or back to a public page.
 */
export function returnPath(from: unknown, returnable: readonly string[] = RETURNABLE): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return paths.dashboard;
  let url: URL;
  try {
    url = new URL(from, 'https://portal.invalid');
  } catch {
    return paths.dashboard;
  }
  if (url.origin !== 'https://portal.invalid' || !(returnable.includes(url.pathname) || isFamilyViewPath(url.pathname) || isNoticePath(url.pathname))) return paths.dashboard;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where to go after signing in: as returnPath, and also back to a verification link that asked
 * to sign in first (it verifies only the signed-in account's own address).
 */
export function returnPathAfterSignIn(from: unknown): string {
  return returnPath(from, [...RETURNABLE, paths.verifyEmail]);
}
