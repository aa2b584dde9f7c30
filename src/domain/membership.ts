/** Membership rules of spec sections 4 and 9: cancellation and membership duration. */
export { cancellationState, type CancellationState } from '@family-portal/contract/rules';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Notice period three months to the end of the month: the effective date is the last day of
 * the 4th month from now (21 Nov 2026 → 31 Mar 2027).
 */
export function cancellationEffectiveDate(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  // Day 0 of the month after the target month is the target month's last day.
  const last = new Date(Date.UTC(year, month - 1 + 5, 0));
  return `${last.getUTCFullYear()}-${pad(last.getUTCMonth() + 1)}-${pad(last.getUTCDate())}`;
}

export type DurationUnit = 'years' | 'months' | 'weeks' | 'days';

/** How long someone has been a member, in the largest whole unit (years, months, weeks or days). */
export function memberDuration(start: string, today: string): { unit: DurationUnit; count: number } {
  const [y1, m1, d1] = start.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = today.split('-').map(Number) as [number, number, number];
  let months = (y2 - y1) * 12 + (m2 - m1);
  if (d2 < d1) months -= 1;
  if (months >= 12) return { unit: 'years', count: Math.floor(months / 12) };
  if (months >= 1) return { unit: 'months', count: months };
  const days = Math.max(0, Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000));
  if (days >= 7) return { unit: 'weeks', count: Math.floor(days / 7) };
  return { unit: 'days', count: days };
}
