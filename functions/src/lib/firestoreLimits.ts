/** What Firestore itself sets, in one place for every query and write that meets it. */

/** Firestore's `in` (and `array-contains-any`) takes at most 30 values. */
export const IN_LIMIT = 30;

/** Firestore's gRPC code for a document that exists already: create() lost to an earlier write. */
export const ALREADY_EXISTS = 6;
