/**
 * The demo school's Direct Debits (packages/contract/src/collections.ts): none yet. Its rows are
 * the debits of the office's collection runs, which the portal adds, and the returns the office
 * records on them; the table is there, empty, so that the sync finds it and a run can add to it.
 */
import { APPSHEET_TABLES } from '@family-portal/contract';
import type { DemoStore } from './store';

/** Adds the empty Direct Debits table to a store (a new school's, or one kept from before it existed). Changes the store and returns it. */
export function addDebits(store: DemoStore): DemoStore {
  store.tables[APPSHEET_TABLES.debits.appSheetTable] = [];
  store.meta.debits = true;
  return store;
}
