/**
 * The part of AppSheet's expression language the demo server understands in a Find Selector:
 *   Filter(Table, condition)   Filter("Table", condition)   Select(Table[Key], condition)
 *   OrderBy(list, [Column], descending?, [Column], descending?, …)   Top(list, count)
 * where a condition is TRUE/FALSE, [Column] op literal (op: = <> < <= > >=), or AND(…)/OR(…)
 * of conditions, and [_RowNumber] is the row's number in the sheet (the header is row 1), as
 * AppSheet numbers the rows of a spreadsheet table. Anything else is rejected with a message,
 * as AppSheet rejects a bad expression.
 */
import { formatCell } from './format';
import type { ColumnKind } from '@family-portal/contract';
import { parseDate, parseDateTime, parseDecimal } from '../../functions/src/sync/mapping/values';
import type { RawCell, RawRow } from './store';

export class SelectorError extends Error {}

type Token = { kind: 'word' | 'string' | 'number' | 'column' | 'op' | 'punct'; text: string };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const rest = input.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) { i += space[0].length; continue; }
    const match =
      (/^"((?:[^"\\]|\\.)*)"/.exec(rest) && { kind: 'string' as const, re: /^"((?:[^"\\]|\\.)*)"/ }) ||
      (/^\[[^\]]+\]/.test(rest) && { kind: 'column' as const, re: /^\[([^\]]+)\]/ }) ||
      (/^(<=|>=|<>|=|<|>)/.test(rest) && { kind: 'op' as const, re: /^(<=|>=|<>|=|<|>)/ }) ||
      (/^-?\d+(?:[.,]\d+)?/.test(rest) && { kind: 'number' as const, re: /^(-?\d+(?:[.,]\d+)?)/ }) ||
      (/^[(),]/.test(rest) && { kind: 'punct' as const, re: /^([(),])/ }) ||
      (/^[A-Za-z_][\w ]*?(?=\s*[(),[\]]|$)/.test(rest) && { kind: 'word' as const, re: /^([A-Za-z_][\w ]*?)(?=\s*[(),[\]]|$)/ });
    if (!match) throw new SelectorError(`Unexpected text in expression at: ${rest.slice(0, 20)}`);
    const found = match.re.exec(rest) as RegExpExecArray;
    tokens.push({ kind: match.kind, text: (found[1] ?? found[0]).trim() });
    i += found[0].length;
  }
  return tokens;
}

/** A row of a table with its place in the sheet: `_RowNumber` is `index + 2`. */
export interface NumberedRow {
  row: RawRow;
  index: number;
}

export type RowPredicate = (row: NumberedRow) => boolean;

export interface ParsedSelector {
  table: string;
  /** The rows the expression yields, in its order, from the table's rows in sheet order. */
  select(rows: readonly NumberedRow[]): NumberedRow[];
}

/** AppSheet's row number: the header is row 1, so the first row of data is row 2. */
export const ROW_NUMBER = '_RowNumber';
const rowNumberOf = ({ index }: NumberedRow) => index + 2;

export function parseSelector(
  selector: string,
  columnTypes: Record<string, ColumnKind>,
  locale: 'de-DE' | 'en-US',
  zone: string,
): ParsedSelector {
  const tokens = tokenize(selector);
  let position = 0;
  const peek = () => tokens[position];
  const take = (kind?: Token['kind'], text?: string): Token => {
    const token = tokens[position];
    if (!token || (kind && token.kind !== kind) || (text && token.text.toLowerCase() !== text.toLowerCase())) {
      throw new SelectorError(`Expected ${text ?? kind ?? 'more'} but found ${token ? `"${token.text}"` : 'the end'} in expression`);
    }
    position += 1;
    return token;
  };

  /** What a row holds in a column, as a value that compares like AppSheet compares it. */
  function valueOf(column: string): (row: NumberedRow) => number | string | null {
    if (column === ROW_NUMBER) return rowNumberOf;
    const type = columnTypes[column];
    if (!type) throw new SelectorError(`Unknown column [${column}] in expression`);
    // Numbers as numbers, dates by time, text case-insensitively.
    if (type === 'dateTime' || type === 'date') return ({ row }) => cellOrNull(row[column], (cell) => Date.parse(String(cell)));
    if (type === 'decimal' || type === 'integer') return ({ row }) => cellOrNull(row[column], (cell) => cell as number);
    return ({ row }) => cellOrNull(row[column], (cell) => formatCell(cell, type, locale, zone).toLowerCase());
  }

  /** A literal in the request's Locale; a DateTime literal is a time on the request zone's clock. */
  function literalFor(column: string, token: Token): number | string {
    const type = column === ROW_NUMBER ? 'integer' : columnTypes[column];
    if (!type) throw new SelectorError(`Unknown column [${column}] in expression`);
    if (type === 'dateTime' || type === 'date') {
      const text = locale === 'de-DE' ? token.text : token.text.replace(/^(\d{1,2})\/(\d{1,2})\/(\d{4})/, '$2.$1.$3');
      let target = Number.NaN;
      try {
        target = Date.parse((type === 'date' ? parseDate(text) : parseDateTime(text, zone)) ?? '');
      } catch {
        // Reported below with the literal as written.
      }
      if (Number.isNaN(target)) throw new SelectorError(`"${token.text}" is not a date-time for ${locale}`);
      return target;
    }
    if (type === 'decimal' || type === 'integer') {
      return parseDecimal(locale === 'de-DE' ? token.text : token.text.replace('.', ',')) as number;
    }
    return token.text.toLowerCase();
  }

  function condition(): RowPredicate {
    const token = peek();
    if (!token) throw new SelectorError('Expected a condition in expression');
    if (token.kind === 'word' && /^(true|false)$/i.test(token.text)) {
      take();
      const value = token.text.toLowerCase() === 'true';
      return () => value;
    }
    if (token.kind === 'word' && /^(and|or)$/i.test(token.text)) {
      take();
      take('punct', '(');
      const parts = [condition()];
      while (peek()?.text === ',') { take(); parts.push(condition()); }
      take('punct', ')');
      return token.text.toLowerCase() === 'and' ? (row) => parts.every((p) => p(row)) : (row) => parts.some((p) => p(row));
    }
    if (token.kind === 'column') {
      take();
      const op = take('op').text;
      const literal = take();
      if (literal.kind !== 'string' && literal.kind !== 'number') throw new SelectorError(`Expected a value after ${op}`);
      const value = valueOf(token.text);
      const target = literalFor(token.text, literal);
      return (row) => {
        const cell = value(row);
        if (cell === null) return op === '<>';
        const difference = compare(cell, target);
        return { '=': difference === 0, '<>': difference !== 0, '<': difference < 0, '<=': difference <= 0, '>': difference > 0, '>=': difference >= 0 }[op] as boolean;
      };
    }
    throw new SelectorError(`Unsupported expression at "${token.text}"`);
  }

  /** Filter(Table, …) | Select(Table[Key], …) | OrderBy(list, [Column], descending?, …) | Top(list, count) */
  function list(): { table: string; select: (rows: readonly NumberedRow[]) => NumberedRow[] } {
    const head = take('word');
    const fn = head.text.toLowerCase();
    take('punct', '(');
    let result: { table: string; select: (rows: readonly NumberedRow[]) => NumberedRow[] };
    if (fn === 'filter' || fn === 'select') {
      const tableToken = take();
      if (tableToken.kind !== 'word' && tableToken.kind !== 'string') throw new SelectorError('Expected a table name');
      if (fn === 'select') take('column');
      take('punct', ',');
      const predicate = condition();
      // Select's optional third argument (distinct only) changes nothing for a list of keys.
      if (fn === 'select' && peek()?.text === ',') { take(); take('word'); }
      result = { table: tableToken.text, select: (rows) => rows.filter(predicate) };
    } else if (fn === 'orderby') {
      const inner = list();
      const keys: Array<{ value: (row: NumberedRow) => number | string | null; descending: boolean }> = [];
      while (peek()?.text === ',') {
        take();
        const value = valueOf(take('column').text);
        let descending = false;
        if (peek()?.text === ',' && tokens[position + 1]?.kind === 'word') {
          take();
          const flag = take('word').text.toLowerCase();
          if (flag !== 'true' && flag !== 'false') throw new SelectorError(`Expected TRUE or FALSE, not "${flag}"`);
          descending = flag === 'true';
        }
        keys.push({ value, descending });
      }
      if (keys.length === 0) throw new SelectorError('OrderBy() needs a column to sort by');
      const order = (a: NumberedRow, b: NumberedRow) => {
        for (const key of keys) {
          const difference = compareCells(key.value(a), key.value(b));
          if (difference !== 0) return key.descending ? -difference : difference;
        }
        return 0;
      };
      result = { table: inner.table, select: (rows) => [...inner.select(rows)].sort(order) };
    } else if (fn === 'top') {
      const inner = list();
      take('punct', ',');
      const count = Number(take('number').text);
      if (!Number.isInteger(count) || count < 0) throw new SelectorError('Top() needs a whole number of rows');
      result = { table: inner.table, select: (rows) => inner.select(rows).slice(0, count) };
    } else {
      throw new SelectorError(`Unsupported function ${head.text}(); use Filter(), Select(), OrderBy() or Top()`);
    }
    take('punct', ')');
    return result;
  }

  const parsed = list();
  if (position !== tokens.length) throw new SelectorError(`Unexpected "${tokens[position]?.text}" after the expression`);
  return parsed;
}

function cellOrNull<T>(cell: RawCell | undefined, convert: (cell: RawCell) => T): T | null {
  return cell === null || cell === undefined ? null : convert(cell);
}

function compare(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Blank cells sort first, as in an ascending AppSheet sort. */
function compareCells(a: number | string | null, b: number | string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return compare(a, b);
}
