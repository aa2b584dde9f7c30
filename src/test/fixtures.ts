/**
 * One family's data for component tests, parsed by the contract's schemas as the data layer
 * parses what it reads: a field added to a document gets its blank value here too.
 */
import { DOCUMENT_SCHEMAS, type Debit, type MandateView, type SyncedCollection } from '@family-portal/contract';
import type * as z from 'zod/mini';
import type { DataState } from '../data/DataProvider';

type Schemas = typeof DOCUMENT_SCHEMAS;
/** A document as stored (fields with a blank value may be left out), as the web app reads it. */
export const parsedDoc = <N extends SyncedCollection>(name: N, doc: z.input<Schemas[N]>): z.output<Schemas[N]> =>
  DOCUMENT_SCHEMAS[name].parse(doc) as z.output<Schemas[N]>;
const parsed = <N extends SyncedCollection>(name: N, docs: z.input<Schemas[N]>[]) => docs.map((doc) => parsedDoc(name, doc));

export const annaMember = parsedDoc('members', {
  id: 'M0001',
  primaryName: 'Anna Müller',
  secondaryName: 'Dmitri Müller',
  primaryEmail: 'anna.mueller@example.com',
  phone: '+49 159 8176848',
  phone2: null,
  address: 'Goethestraße 15, 14467 Potsdam',
  status: 'active',
  type: 'Familie',
  membershipStartsAt: '2018-04-28',
  membershipEndsAt: null,
  cancellationRequested: false,
  cancellationRequestedAt: null,
  cancellationReason: null,
  balance: -440,
  childrenBalance: -380,
  membershipBalance: -60,
});

/** Anna's direct debit mandate as her family reads it (IBAN masked), active unless told. */
export const annaMandate = (more: Partial<MandateView> = {}): MandateView => ({
  id: 'MNDT-M0001-A1B2C3D4E5F6',
  memberId: 'M0001',
  accountHolder: 'Anna Müller',
  ibanMasked: 'DE•• •••• •••• •••• ••30 00',
  bic: null,
  signedAt: '2026-10-06T09:30:00.000Z',
  signedBy: 'anna.mueller@example.com',
  status: 'active',
  revokedAt: null,
  ...more,
});

/** A debit of a collection run from Anna's family under that mandate, announced unless told. */
export const annaDebit = (more: Partial<Debit> = {}): Debit => ({
  id: 'R20261221A1B2C3D4-0001',
  runId: 'R20261221A1B2C3D4',
  memberId: 'M0001',
  mandateReference: 'MNDT-M0001-A1B2C3D4E5F6',
  amount: 123.45,
  collectionDate: '2026-12-21',
  status: 'announced',
  returnReason: null,
  ...more,
});

export function familyFixture(overrides: Partial<DataState> = {}): DataState {
  return {
    member: annaMember,
    children: parsed('children', [
      { id: 'C1', memberId: 'M0001', name: 'Mia Müller', birthday: '2016-03-01', age: 10, class: '4a', notes: null, createdAt: null, status: 'active' },
      { id: 'C2', memberId: 'M0001', name: 'Leon Müller', birthday: '2019-07-12', age: 7, class: '1b', notes: null, createdAt: null, status: 'active' },
    ]),
    plans: parsed('plans', [
      { id: 'PL1', memberId: 'M0001', childId: 'C1', quarterId: 'Q4', lessonId: 'L1', weeks: 12, roomHourIds: ['RH1'], paid: 0, balance: -180 },
      { id: 'PL2', memberId: 'M0001', childId: 'C2', quarterId: 'Q4', lessonId: 'L2', weeks: 10, roomHourIds: [], paid: 0, balance: -200 },
      { id: 'PL3', memberId: 'M0001', childId: 'C1', quarterId: 'Q3', lessonId: 'L2', weeks: 10, roomHourIds: [], paid: 200, balance: 0 },
    ]),
    quarters: parsed('quarters', [
      { id: 'Q3', name: '2026 Q3', status: 'closed', firstDay: '2026-07-01', lastDay: '2026-09-30' },
      { id: 'Q4', name: '2026 Q4', status: 'active', firstDay: '2026-10-01', lastDay: '2026-12-31' },
    ]),
    payments: parsed('payments', [
      { id: 'P1', memberId: 'M0001', date: '2026-01-10', amount: 60, balance: 0, comment: 'Mitgliedsbeitrag', type: 'bank', direction: 'IN', planShares: 0, membershipShares: 60, otherPaymentsShare: 0 },
      { id: 'P2', memberId: 'M0001', date: '2026-09-02', amount: 200, balance: 0, comment: 'Kursgebühr 2026 Q3', type: 'bank', direction: 'IN', planShares: 200, membershipShares: 0, otherPaymentsShare: 0 },
      { id: 'P3', memberId: 'M0001', date: '2026-10-20', amount: 25, balance: 0, comment: 'Rückerstattung', type: 'cash', direction: 'OUT', planShares: 0, membershipShares: 0, otherPaymentsShare: 0 },
      { id: 'P4', memberId: 'M0001', date: '2026-06-01', amount: 150, balance: 0, comment: null, type: 'card', direction: 'IN', planShares: 150, membershipShares: 0, otherPaymentsShare: 0 },
    ]),
    otherPayments: parsed('otherPayments', [
      { id: 'OP1', memberId: 'M0001', type: 'Bücherkaution', status: 'active', date: '2026-09-01', amount: 30, childId: 'C1', comment: 'Lesebuch' },
      { id: 'OP2', memberId: 'M0001', type: 'Bücherkaution', status: 'returned', date: '2026-08-01', amount: 20, childId: 'C2', comment: null },
      { id: 'OP3', memberId: 'M0001', type: 'Bücherkaution', status: 'active', date: '2026-05-01', amount: 50, childId: null, comment: null },
      { id: 'OP4', memberId: 'M0001', type: 'Bücherkaution', status: 'active', date: '2026-04-01', amount: 15, childId: 'gone', comment: null },
      { id: 'OP5', memberId: 'M0001', type: 'Ausflug', status: 'active', date: '2026-10-01', amount: 12, childId: null, comment: 'Zoo' },
    ]),
    lessons: parsed('lessons', [
      { id: 'L1', name: 'Mathematik – Gruppe A', teacherId: 'T1', hours: 1, pricePerHour: 15, extrasPerQuarter: 0, whatsappGroup: null },
      { id: 'L2', name: 'Schach – Anfänger', teacherId: 'T1', hours: null, pricePerHour: 20, extrasPerQuarter: 0, whatsappGroup: null },
    ]),
    teachers: parsed('teachers', [{ id: 'T1', name: 'Olga Iwanow' }]),
    roomHours: parsed('roomHours', [{ id: 'RH1', lessonId: 'L1', dayOfWeek: 'Mo.', hourRefLabel: '3 - 15:40-16:25', roomName: 'Raum 101' }]),
    notices: [],
    cancellations: [],
    absences: [],
    loading: false,
    correspondenceLoading: false,
    correspondenceError: null,
    lastSuccessfulSyncAt: null,
    closedDays: null,
    error: null,
    replaceMember: () => undefined,
    applyReadMark: () => undefined,
    applyAbsence: () => undefined,
    removeAbsence: () => undefined,
    ...overrides,
  };
}
