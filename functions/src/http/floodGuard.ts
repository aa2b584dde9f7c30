/**
 * A limit per client network kept in the memory of one function instance, for the public links
 * that anyone can call without signing in (the calendar feed). It answers before any Firestore
 * read: a flood of made-up tokens costs no reads and no waiting on Firestore, and is refused at
 * once, so that the instances stay free for the real calendar apps. Firestore counters
 * (rateLimit.ts) would cost a read per refused request, which is what a flood must not cost.
 *
 * Per instance, not shared: with n instances a flooding client gets n times the limit through,
 * which the instance cap bounds. Counted per IPv4 address and IPv6 /64 (clientNetwork, as the
 * membership check does) and per IPv6 /48; the counts start afresh each minute.
 */
import { clientNetwork, clientSite } from './rateLimit';

const WINDOW_MS = 60_000;
/**
 * Clients tracked at most in one minute (some MB). A flood from more networks than this in a
 * minute is beyond what a per-client limit can stop: the counts start afresh, and the instance
 * cap and the per-token limit still bound it.
 */
const MAX_TRACKED = 50_000;

export interface FloodLimit {
  /** Requests per client network in a minute: well above what the calendar apps of one household or one calendar service's fetcher make. */
  perClientPerMinute: number;
  /** Of those, answers that found nothing (404): a real calendar app seldom asks for an address that does not exist. */
  missesPerClientPerMinute: number;
  /** Requests per IPv6 /48, over all its /64s. */
  perSitePerMinute: number;
}

interface Counts {
  requests: number;
  misses: number;
}

export class FloodGuard {
  private window = -1;
  private readonly counts = new Map<string, Counts>();

  constructor(private readonly limit: FloodLimit) {}

  private countsOf(key: string, now: number): Counts {
    const window = Math.floor(now / WINDOW_MS);
    if (window !== this.window || this.counts.size >= MAX_TRACKED) {
      this.window = window;
      this.counts.clear();
    }
    let counts = this.counts.get(key);
    if (!counts) this.counts.set(key, (counts = { requests: 0, misses: 0 }));
    return counts;
  }

  /**
   * Counts a request from `address`; returns 0 when it may go on, or the seconds until the
   * client may ask again (Retry-After) when it is over a limit.
   */
  admit(address: string, now = Date.now()): number {
    const client = this.countsOf(clientNetwork(address), now);
    const site = clientSite(address);
    const siteCounts = site === null ? null : this.countsOf(`site ${site}`, now);
    const over =
      client.requests >= this.limit.perClientPerMinute ||
      client.misses >= this.limit.missesPerClientPerMinute ||
      (siteCounts !== null && siteCounts.requests >= this.limit.perSitePerMinute);
    if (over) return Math.max(1, Math.ceil((WINDOW_MS - (now % WINDOW_MS)) / 1000));
    client.requests += 1;
    if (siteCounts) siteCounts.requests += 1;
    return 0;
  }

  /** Notes that a request from `address` found nothing. */
  missed(address: string, now = Date.now()): void {
    this.countsOf(clientNetwork(address), now).misses += 1;
  }
}
