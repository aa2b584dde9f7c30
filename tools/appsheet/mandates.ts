/**
 * The demo school's Mandates (packages/contract/src/mandates.ts): Olga Petrova (family 2) pays
 * by direct debit, Anna Müller (family 1) does not yet, Anna Sokolow (family 10, who owes money)
 * gave one on paper; of the other active families every sixth
 * has a mandate, a few of them on paper (no Signed By), one from a Swiss account (BIC needed),
 * and some with the mandate it replaced or a revoked one before it. Made from the Members rows
 * alone, so that a kept store gets the same rows.
 */
import { addDays, APPSHEET_TABLES } from '@family-portal/contract';
import type { DemoStore, RawRow } from './store';

/** Banks' published example accounts: valid check digits, nobody's money. */
const ACCOUNTS = ['DE02120300000000202051', 'DE02500105170137075030', 'DE12500105170648489890', 'DE75512108001245126199'];
const SWISS = { iban: 'CH9300762011623852957', bic: 'UBSWCHZH80A' };

const at = (day: string) => `${day}T09:30:00.000Z`;

export function mandateRows(members: readonly RawRow[], today: string): RawRow[] {
  const rows: RawRow[] = [];
  const row = (memberId: string, n: number, cells: { holder: string; iban: string; bic?: string; signed: string; by: string | null; status: string; revoked?: string }) =>
    rows.push({
      'Mandate Reference': `MNDT-${memberId}-DEMO${n}`,
      'Member ID': memberId,
      'Account Holder': cells.holder,
      IBAN: cells.iban,
      BIC: cells.bic ?? null,
      'Signed At': at(cells.signed),
      'Signed By': cells.by,
      Status: cells.status,
      'Revoked At': cells.revoked ? at(cells.revoked) : null,
      'First Used': null,
      'Last Used': null,
      'Last Changed': at(cells.revoked ?? cells.signed),
    });
  members.forEach((member, index) => {
    const family = index + 1;
    const memberId = String(member['Member ID']);
    const holder = String(member['Primary Name']);
    const email = String(member.Email ?? '').trim().toLowerCase() || null;
    if (member.Status !== 'Aktiv') return;
    if (family === 2) {
      row(memberId, 1, { holder, iban: ACCOUNTS[0]!, signed: addDays(today, -200), by: email, status: 'Aktiv' });
      return;
    }
    if (family === 10) {
      // A paper mandate of a family that owes money: the demo console's collection run has someone to collect from.
      row(memberId, 1, { holder, iban: ACCOUNTS[3]!, signed: addDays(today, -400), by: null, status: 'Aktiv' });
      return;
    }
    if (family <= 3 || family % 6 !== 0) return;
    const kind = (family / 6) % 4;
    const signed = addDays(today, -30 * (1 + (family % 9)));
    if (kind === 1) {
      row(memberId, 1, { holder, iban: ACCOUNTS[1]!, signed: addDays(signed, -300), by: null, status: 'Ersetzt', revoked: signed });
      row(memberId, 2, { holder, iban: ACCOUNTS[2]!, signed, by: email, status: 'Aktiv' });
    } else if (kind === 2) {
      row(memberId, 1, { holder, iban: ACCOUNTS[3]!, signed: addDays(signed, -100), by: email, status: 'Widerrufen', revoked: signed });
    } else if (kind === 3) {
      row(memberId, 1, { holder, ...SWISS, signed, by: email, status: 'Aktiv' });
    } else {
      row(memberId, 1, { holder, iban: ACCOUNTS[family % ACCOUNTS.length]!, signed, by: null, status: 'Aktiv' });
    }
  });
  return rows;
}

/** Adds the Mandates table to a store (a new school's, or one kept from before it existed). Changes the store and returns it. */
export function addMandates(store: DemoStore): DemoStore {
  store.tables[APPSHEET_TABLES.mandates.appSheetTable] = mandateRows(store.tables[APPSHEET_TABLES.members.appSheetTable] ?? [], store.meta.today);
  store.meta.mandates = true;
  return store;
}
