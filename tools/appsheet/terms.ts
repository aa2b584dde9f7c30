/**
 * The demo school's terms: its quarters around today (six past ones, the current, the planned
 * next), what a lesson costs for a quarter, and the least teachers and lessons any school has
 * (the demo accounts' families are drawn from those). Shared by the generator and booking.
 */
import { addDays } from '@family-portal/contract';
import type { RawRow } from './store';

export const MIN_TEACHERS = 8;
export const MIN_LESSONS = 12;

export const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const round2 = (n: number) => Math.round(n * 100) / 100;

export interface Quarter { id: string; name: string; firstDay: string; lastDay: string; status: string }

export function quartersAround(today: string): Quarter[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const current = year * 4 + Math.floor((month - 1) / 3);
  const quarters: Quarter[] = [];
  for (let index = current - 6; index <= current + 1; index += 1) {
    const y = Math.floor(index / 4);
    const q = (index % 4) + 1;
    const firstDay = `${y}-${pad((q - 1) * 3 + 1, 2)}-01`;
    const lastDay = addDays(q === 4 ? `${y + 1}-01-01` : `${y}-${pad(q * 3 + 1, 2)}-01`, -1);
    const status = lastDay < today ? 'Abgeschlossen' : firstDay > today ? 'Geplant' : 'Aktiv';
    quarters.push({ id: `Q${y}-${q}`, name: `${y} Q${q}`, firstDay, lastDay, status });
  }
  return quarters;
}

export const lessonCost = (lesson: RawRow, weeks: number) =>
  round2(((lesson.Hours as number | null) ?? 1) * weeks * (lesson['Price Per Hour'] as number) + (lesson['Extras Per Quarter'] as number));
