/**
 * How the e-mails' senders (booking decisions, notices, a sync's changes) read and write many
 * families at once: the same sizes everywhere, so that one e-mail run costs what another does.
 */
import { limitAsync } from 'es-toolkit/promise';

/** Beyond this many families, one query for every opted-in parent costs less than queries per 30 families. */
export const SCAN_CHOICES_ABOVE = 300;
/** Documents a lookup (getAll) takes; e-mails prepared and written per slice. */
export const LOOKUP_BATCH = 300;
/** Lookups in flight at once. */
export const LOOKUP_CONCURRENCY = 4;
/** E-mails (or a parent's writes) in flight at once. */
export const WRITE_CONCURRENCY = 20;

export const unique = <T>(values: Iterable<T>) => [...new Set(values)];

/** Runs `task` on each batch, LOOKUP_CONCURRENCY at a time. */
export const limitedLookups = <T, R>(batches: T[][], task: (batch: T[]) => Promise<R>) => Promise.all(batches.map(limitAsync(task, LOOKUP_CONCURRENCY)));
