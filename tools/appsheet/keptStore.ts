/**
 * The demo school the server serves: generated anew, or the one kept in its data file, whose
 * edits survive a restart (the README promises it).
 */
import { existsSync } from 'node:fs';
import { addClosedDays } from './closedDays';
import { addDebits } from './debits';
import { generateSchool } from './generator';
import { addBooking } from './schoolBooking';
import { addMandates } from './mandates';
import { readStore, saveStore, setAside, type DemoStore } from './store';

/** What makes a school, and how a kept one is treated (DemoServerOptions in server.ts). */
export interface SchoolOptions {
  seed?: number;
  families?: number;
  today?: string;
  /** With the optional booking tables (the default); false serves a school without them. */
  booking?: boolean;
  /** With the optional Closed Days table (the default); false serves a school without it. */
  closedDays?: boolean;
  /** With the optional Mandates table (the default); false serves a school without direct debit. */
  mandates?: boolean;
  /** With the optional Direct Debits table (the default, empty); false serves a school without it. */
  debits?: boolean;
  /** Regenerate even when the file exists. */
  fresh?: boolean;
  /** Told, in one line, what became of a kept store that was not used as it was (stderr by default). */
  say?: (line: string) => void;
}

export const newSchool = (options: SchoolOptions) =>
  generateSchool({
    seed: options.seed,
    families: options.families,
    today: options.today,
    booking: options.booking,
    closedDays: options.closedDays,
    mandates: options.mandates,
    debits: options.debits,
  });

/**
 * The store kept in the file, edits and all (the README promises they survive a restart); a new
 * school when there is none, or when asked (`fresh`). A store made before booking, closed days, mandates
 * or direct debits existed gets their tables, made from its own rows, so the demo shows every screen. A file that cannot
 * be used is set aside, never overwritten, and a new school made: either is said in one line.
 */
export function openStore(dataFile: string, options: SchoolOptions): DemoStore {
  const say = options.say ?? ((line: string) => console.warn(line));
  if (existsSync(dataFile) && !options.fresh) {
    const kept = readStore(dataFile);
    if ('store' in kept) {
      const store = kept.store;
      const added: string[] = [];
      // Closed days first: the offer counts its weeks after them.
      if (store.meta.closedDays === undefined && (options.closedDays ?? true)) {
        addClosedDays(store);
        added.push('closed days');
      }
      if (store.meta.booking === undefined && (options.booking ?? true)) {
        addBooking(store);
        added.push('booking');
      }
      if (store.meta.mandates === undefined && (options.mandates ?? true)) {
        addMandates(store);
        added.push('mandates');
      }
      if (store.meta.debits === undefined && (options.debits ?? true)) {
        addDebits(store);
        added.push('direct debits');
      }
      if (added.length === 0) return store;
      saveStore(dataFile, store);
      say(`AppSheet demo store ${dataFile} was made before ${added.join(' and ')}: the tables were added, its rows kept.`);
      return store;
    }
    const aside = setAside(dataFile);
    say(`AppSheet demo store ${dataFile} ${kept.problem}: set aside as ${aside}, a new school made.`);
  }
  const store = newSchool(options);
  saveStore(dataFile, store);
  return store;
}
