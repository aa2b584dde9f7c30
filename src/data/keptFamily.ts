/**
 * The family as this page last showed it, kept on the device for the next visit: a returning
 * parent's dashboard paints from it in the first frame the signed-in screens render, instead of
 * after the Firestore worker has loaded and read a dozen queries from its cache (some 150 ms on
 * a reload, and the worker's own load before that; docs/performance.md). Firestore's cache stays
 * what the reads fall back on offline and what the other screens read.
 *
 * One entry, for one e-mail, in localStorage (read without waiting, by the page). It goes with
 * the session: every tab's sign-out and session end deletes it with Firestore's cache
 * (data/firebase's clearLocalData), and "This is a shared computer" writes none. It goes with a
 * membership that ended too: the first read of the family's notices and absences that the rules
 * refuse deletes it (DataProvider). An entry of another build is not read: the shape of the
 * family's data may have changed with the code.
 */
import type { FamilyData } from './familyData';

export const KEPT_FAMILY_KEY = 'family-portal:kept-family';

export interface KeptFamily {
  family: FamilyData;
  /**
   * Whether its notices, cancelled lessons and absences were shown with it: they come after the
   * figures (DataProvider), and a page reloaded before they came kept the figures alone.
   */
  withCorrespondence: boolean;
}

interface Kept extends KeptFamily {
  build: string;
  email: string;
}

/** Read when used, not when imported: the end-to-end tests import the key in Node, which has no import.meta.env. */
const build = () => import.meta.env.VITE_BUILD_ID ?? 'development';

/** "This is a shared computer": the session keeps nothing on the device, this nor Firestore's cache (data/firebase). */
let keepNothing = false;
/** Rises with every deletion: a write from before it (a read still under way) is dropped. */
let generation = 0;

/** What this device kept of the family of `email`, or null. */
export function readKeptFamily(email: string): KeptFamily | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT_FAMILY_KEY) ?? 'null') as Kept | null;
    if (kept?.build !== build() || kept.email !== email || !kept.family.member) return null;
    return { family: kept.family, withCorrespondence: kept.withCorrespondence };
  } catch {
    // Storage refused (private mode) or an entry that is not ours: nothing kept.
    return null;
  }
}

/**
 * A writer of the family of `email` as shown, for one session: it writes nothing once the
 * device's data has been deleted since it was made, nor while the session keeps nothing. A
 * family without a member (the server no longer gives this account one: the membership ended)
 * deletes what was kept, which would otherwise show the former family on every visit.
 */
export function keeperOf(email: string): (kept: KeptFamily) => void {
  const madeIn = generation;
  return ({ family, withCorrespondence }) => {
    if (keepNothing || generation !== madeIn) return;
    try {
      if (!family.member) localStorage.removeItem(KEPT_FAMILY_KEY);
      else localStorage.setItem(KEPT_FAMILY_KEY, JSON.stringify({ build: build(), email, family, withCorrespondence } satisfies Kept));
    } catch {
      // Storage full or refused: the next visit reads from Firestore's cache instead.
    }
  };
}

/** Deletes what was kept (a session's end, in every tab; a membership that ended); this page's writers write nothing more. */
export function forgetKeptFamily(): void {
  generation += 1;
  try {
    localStorage.removeItem(KEPT_FAMILY_KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
}

/** Whether this session keeps nothing on the device. */
export const keepsNothing = (): boolean => keepNothing;

/** "This is a shared computer": nothing is kept while on, and what was is deleted. */
export function keepNothingOfTheFamily(on: boolean): void {
  keepNothing = on;
  if (on) forgetKeptFamily();
}
