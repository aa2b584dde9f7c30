/** Every path of the app, in one place, so links and guards never spell a path twice. */
export const paths = {
  login: '/login',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Firebase's e-mail action URL: hands each link's mode to the page that completes it. */
  authAction: '/auth/action',
  dashboard: '/',
  family: '/family',
  plans: '/plans',
  transactions: '/transactions',
  bookDeposits: '/book-deposits',
  admin: '/admin',
} as const;

/** Query parameters the screens understand (spec section 2). */
export const queryParams = {
  child: 'child',
  plan: 'plan',
  transaction: 'transaction',
  deposit: 'deposit',
  oobCode: 'oobCode',
  mode: 'mode',
} as const;

export function plansPath(options: { child?: string; plan?: string } = {}): string {
  return withQuery(paths.plans, { [queryParams.child]: options.child, [queryParams.plan]: options.plan });
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
