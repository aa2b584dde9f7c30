/**
 * The school's time zone (an IANA name such as Europe/Berlin): the zone in which AppSheet's
 * zone-less DateTime values are read and written. It is the SCHOOL_TIME_ZONE parameter
 * (config.ts); parameters reach the running function as environment variables, and reading the
 * variable here keeps the sync code free of firebase-functions, so tools and tests can use it.
 */
export const DEFAULT_SCHOOL_TIME_ZONE = 'Europe/Berlin';

const known = new Set<string>();

/** Returns the zone if Intl knows it; a typo in the configuration fails loudly, not as UTC. */
export function assertTimeZone(zone: string): string {
  if (known.has(zone)) return zone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new Error(`Unknown time zone "${zone}": SCHOOL_TIME_ZONE must be an IANA zone name such as Europe/Berlin`);
  }
  known.add(zone);
  return zone;
}

/** The calendar day of an instant on a zone's clock, YYYY-MM-DD. */
export function dayIn(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: assertTimeZone(zone), year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

export function schoolTimeZone(): string {
  return assertTimeZone(process.env.SCHOOL_TIME_ZONE?.trim() || DEFAULT_SCHOOL_TIME_ZONE);
}
