/**
 * What the demo server can be told to do wrong, per table (PUT /__demo/faults/<table>).
 * Faults of a moment: error (HTTP 500), hang, malformed rows, an empty answer, a partial one
 * (the first K rows), a slow one (computed at once, delivered 1.5 s later), a held one (computed
 * at once, delivered when the table's fault is lifted: a test's "while a request is under way"
 * without a race against the clock), and a lost answer: the
 * line drops during a write, so from the first Add, Edit or Delete on, each request is carried out
 * but answered with HTTP 500 (Finds before that write pass; `times` counts the lost answers).
 * Shapes of another app, which the connection check (npm run doctor -- --appsheet) must notice:
 * - no-row-number: a database source, whose rows have no `_RowNumber`, so a Selector naming it
 *   is refused;
 * - missing-column: the table lacks a column of docs/appsheet.md (`column`, by default the
 *   table's first declared field);
 * - renamed-key: the key column is called something else ("<key> (renamed)");
 * - day-first: dates and date-times come as DD/MM/YYYY whatever the request's Locale, and a
 *   Selector's date literal is read only in that form.
 */
import { APPSHEET_TABLES, type TableDeclaration } from '@family-portal/contract';

export const FAULTS = ['error', 'hang', 'malformed', 'empty', 'slow', 'held', 'partial', 'lost-answer', 'no-row-number', 'missing-column', 'renamed-key', 'day-first'] as const;
export type Fault = (typeof FAULTS)[number];

export interface FaultSetting {
  fault: Fault;
  /** Requests left to affect; undefined = until cleared. */
  times?: number;
  /** 'partial': how many rows a Find answers with (a cut body, a slice); 1 by default. */
  rows?: number;
  /** 'missing-column': the column the table lacks. */
  column?: string;
  /** 'lost-answer': a write has been lost, so every request since is. */
  started?: boolean;
}

type Row = Record<string, string>;

const DE_DAY = /^(\d{2})\.(\d{2})\.(\d{4})/;

/** Why this shape of app refuses the Selector, or null when it takes it. */
export function selectorRefusal(setting: FaultSetting | undefined, selector: string): string | null {
  if (setting?.fault === 'no-row-number' && selector.includes('[_RowNumber]')) return `Column '_RowNumber' does not exist in this table`;
  if (setting?.fault === 'day-first') {
    const literal = /"(\d{2}\.\d{2}\.\d{4}[^"]*)"/.exec(selector);
    if (literal) return `"${literal[1]}" is not a date in this app's format (DD/MM/YYYY)`;
  }
  return null;
}

const declarations: TableDeclaration[] = Object.values(APPSHEET_TABLES);

/** The answer's rows of `table` as this shape of app would send them. */
export function reshapeRows(setting: FaultSetting | undefined, table: string, rows: Row[]): Row[] {
  const declaration = declarations.find((candidate) => candidate.appSheetTable === table);
  if (!setting || !declaration) return rows;
  const keyColumn = declaration.keyColumn;
  const firstColumn = Object.values(declaration.columns)[0]?.column ?? keyColumn;
  switch (setting.fault) {
    case 'no-row-number':
      return rows.map(({ _RowNumber: _number, ...row }) => row);
    case 'missing-column': {
      const column = setting.column ?? firstColumn;
      return rows.map(({ [column]: _gone, ...row }) => row);
    }
    case 'renamed-key':
      return rows.map(({ [keyColumn]: key, ...row }) => ({ [`${keyColumn} (renamed)`]: key ?? '', ...row }));
    case 'day-first':
      return rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, cell]) => [column, cell.replace(DE_DAY, '$1/$2/$3')])));
    default:
      return rows;
  }
}

/**
 * The fault for this request to a table (or to every table, '*'), counting down faults limited to
 * N requests. A lost answer begins with the first write: Finds before it pass uncounted.
 */
export function takeFault(faults: Map<string, FaultSetting>, table: string, action: unknown): FaultSetting | undefined {
  const key = faults.has(table) ? table : faults.has('*') ? '*' : null;
  if (key === null) return undefined;
  const setting = faults.get(key) as FaultSetting;
  if (setting.fault === 'lost-answer') {
    if (!setting.started && action === 'Find') return undefined;
    setting.started = true;
  }
  if (setting.times !== undefined) {
    setting.times -= 1;
    if (setting.times <= 0) faults.delete(key);
  }
  return setting;
}

/** Answers of 'held' tables, each delivered once its table's fault is lifted. */
export class HeldAnswers {
  private readonly waiting = new Map<string, Array<() => void>>();

  /** Resolves when `table`'s fault is lifted (or every fault is). */
  hold(table: string): Promise<void> {
    return new Promise((deliver) => this.waiting.set(table, [...(this.waiting.get(table) ?? []), deliver]));
  }

  /** Delivers the held answers of `table`, or of every table. */
  lift(table?: string): void {
    for (const [name, deliveries] of this.waiting) {
      if (table !== undefined && name !== table) continue;
      this.waiting.delete(name);
      for (const deliver of deliveries) deliver();
    }
  }
}
