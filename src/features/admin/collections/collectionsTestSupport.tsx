/** What the tests of the office's Direct debit tab share: the families, runs and debits the functions and the store give, and the page rendered for an admin. */
import type { CollectionCandidate, CollectionRun, Debit, MandateView } from '@family-portal/contract';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { AuthContext } from '../../../auth/AuthProvider';
import i18n from '../../../i18n';
import CollectionsPage from './CollectionsPage';


export const family = (memberId: string, name: string, amountCents: number, openRunId: string | null = null): CollectionCandidate => ({
  memberId, name, amountCents, mandateReference: `MNDT-${memberId}-DEMO1`, ibanMasked: 'DE•• •••• •••• •••• ••20 51', openRunId,
});
export const FAMILIES = [family('M0002', 'Olga Petrova', 8750), family('M0006', 'Jan Weber', 12_000), family('M0024', 'Eva Klein', 3300, 'R20261221ABCD1234')];
export const preview = (collectionDate: string, { families = FAMILIES, earliest = '2026-12-21', days = 14 } = {}) => ({ data: { collectionDate, earliest, preNotificationDays: days, families } });

export const run = (id: string, status: CollectionRun['status'], debitCount: number, totalCents: number): CollectionRun => ({
  id, collectionDate: '2026-12-21', status, purpose: 'Kursgebühren 2026 Q4', debitCount, totalCents, announcedAt: '2026-12-01T09:00:00.000Z', announcedBy: 'office@example.com',
  filedAt: status === 'filed' ? '2026-12-02T09:00:00.000Z' : null, messageId: status === 'filed' ? `${id}-090000` : null,
});
export const debit = (id: string, runId: string, memberId: string, amount: number, status: Debit['status'], returnReason: string | null = null): Debit => ({
  id, runId, memberId, mandateReference: `MNDT-${memberId}-DEMO1`, amount, collectionDate: '2026-12-21', status, returnReason,
});
export const mandate = (memberId: string, accountHolder: string, status: MandateView['status'] = 'active'): MandateView => ({
  id: `MNDT-${memberId}-DEMO1`, memberId, accountHolder, ibanMasked: 'DE•• •••• •••• •••• ••20 51', bic: null, signedAt: '2026-01-01T09:00:00.000Z', signedBy: null, status, revokedAt: null,
});
export const mandates = (...views: MandateView[]) => Object.fromEntries(views.map((view) => [view.id, view]));

export const ANNOUNCED = run('R20261221AAAA1111', 'announced', 3, 16_300);
export const FILED = run('R20261221BBBB2222', 'filed', 2, 15_300);
export const DEBITS: Record<string, { debits: Debit[]; mandates: Record<string, MandateView> }> = {
  [ANNOUNCED.id]: {
    // Olga owes more now, M0040 nothing any more, M0030 stopped its mandate.
    debits: [debit('R20261221AAAA1111-0001', ANNOUNCED.id, 'M0002', 80, 'announced'), debit('R20261221AAAA1111-0002', ANNOUNCED.id, 'M0040', 33, 'announced'), debit('R20261221AAAA1111-0003', ANNOUNCED.id, 'M0030', 50, 'announced')],
    mandates: mandates(mandate('M0002', 'Olga Petrova'), mandate('M0040', 'Karl Brandt'), mandate('M0030', 'Ute Lange', 'revoked')),
  },
  [FILED.id]: {
    debits: [debit('R20261221BBBB2222-0001', FILED.id, 'M0006', 120, 'filed'), debit('R20261221BBBB2222-0002', FILED.id, 'M0050', 33, 'returned', 'AM04')],
    mandates: mandates(mandate('M0006', 'Jan Weber'), mandate('M0050', 'Lea Roth')),
  },
};

export interface Call { name: string; body: Record<string, unknown> }
type Answer = (body: Record<string, unknown>) => Promise<Response> | Response;
/** The calls the page made, and the functions' answers by name: each test sets its own. */
export const fake = { calls: [] as Call[], answers: {} as Record<string, Answer> };
export const json = (body: unknown, status = 200) => Response.json(body, { status });
export const called = (name: string) => fake.calls.filter((call) => call.name === name).map((call) => call.body);

/** The store's reads of the runs, mocked by each test file (vi.mock is per file). */
export interface RunsStore {
  readCollectionRuns: Mock;
  readRunDebits: Mock;
}

/** Before each test: English, the two runs, and the functions answering as `fake.answers` says. */
export function answerAsTheFunctions(store: RunsStore) {
  beforeEach(async () => {
  await i18n.changeLanguage('en');
  fake.calls = [];
  fake.answers = { previewCollection: (body) => json(preview(body.collectionDate as string)) };
  store.readCollectionRuns.mockReset().mockResolvedValue([ANNOUNCED, FILED]);
  store.readRunDebits.mockReset().mockImplementation((runId: string) => Promise.resolve(DEBITS[runId]));
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const name = new URL(url).pathname.split('/').pop()!;
    const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
    fake.calls.push({ name, body });
    const answer = fake.answers[name];
    if (!answer) throw new Error(`unexpected call ${name}`);
    return answer(body);
  }));
  });
  afterEach(() => vi.unstubAllGlobals());
}

export function renderPage() {
  return render(
    <AuthContext.Provider value={{ user: { uid: 'a', email: 'office@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: true }, loading: false, refreshUser: () => Promise.resolve(null) }}>
      <MemoryRouter initialEntries={['/admin/direct-debit']}>
        <CollectionsPage />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

export const newRun = async () => within(await screen.findByRole('region', { name: 'New collection run' }));
export const runsRegion = async () => within(await screen.findByRole('region', { name: 'Collection runs' }));
export const familiesTable = async () => within((await newRun()).getByRole('table', { name: 'Families to collect from' }));

