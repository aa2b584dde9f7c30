/**
 * The part of AppSheet's expression language the demo server understands in a Find Selector:
 *   Filter(Table, condition)   Filter("Table", condition)   Select(Table[Key], condition)
 * where a condition is TRUE/FALSE, [Column] op literal (op: = <> < <= > >=), or AND(…)/OR(…)
 * of conditions. Anything else is rejected with a message, as AppSheet rejects a bad expression.
 */
import { formatCell } from './format';
import type { ColumnType } from '../../functions/src/sync/schema';
import { parseDate, parseDateTime, parseDecimal } from '../../functions/src/sync/values';
import type { RawRow } from './store';

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

export type RowPredicate = (row: RawRow) => boolean;

export interface ParsedSelector {
  table: string;
  predicate: RowPredicate;
}

export function parseSelector(
  selector: string,
  columnTypes: Record<string, ColumnType>,
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

  function literalFor(column: string, token: Token): (cell: RawRow[string]) => number | null {
    const type = columnTypes[column];
    if (!type) throw new SelectorError(`Unknown column [${column}] in expression`);
    // Compare like AppSheet: numbers as numbers, dates by time, text case-insensitively.
    // A DateTime literal is a time on the request zone's clock; a Date literal is a plain day.
    if (type === 'dateTime' || type === 'date') {
      const text = locale === 'de-DE' ? token.text : token.text.replace(/^(\d{1,2})\/(\d{1,2})\/(\d{4})/, '$2.$1.$3');
      let target = Number.NaN;
      try {
        target = Date.parse((type === 'date' ? parseDate(text) : parseDateTime(text, zone)) ?? '');
      } catch {
        // Reported below with the literal as written.
      }
      if (Number.isNaN(target)) throw new SelectorError(`"${token.text}" is not a date-time for ${locale}`);
      return (cell) => (cell === null ? null : Date.parse(String(cell)) - target);
    }
    if (type === 'decimal' || type === 'integer') {
      const target = parseDecimal(locale === 'de-DE' ? token.text : token.text.replace('.', ',')) as number;
      return (cell) => (cell === null ? null : (cell as number) - target);
    }
    const target = token.text.toLowerCase();
    return (cell) => {
      if (cell === null) return null;
      const text = formatCell(cell, type, locale, zone).toLowerCase();
      return text < target ? -1 : text > target ? 1 : 0;
    };
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
      const compare = literalFor(token.text, literal);
      return (row) => {
        const difference = compare(row[token.text] ?? null);
        if (difference === null) return op === '<>';
        return { '=': difference === 0, '<>': difference !== 0, '<': difference < 0, '<=': difference <= 0, '>': difference > 0, '>=': difference >= 0 }[op] as boolean;
      };
    }
    throw new SelectorError(`Unsupported expression at "${token.text}"`);
  }

  const head = take('word');
  const fn = head.text.toLowerCase();
  if (fn !== 'filter' && fn !== 'select') throw new SelectorError(`Unsupported function ${head.text}(); use Filter() or Select()`);
  take('punct', '(');
  const tableToken = take();
  if (tableToken.kind !== 'word' && tableToken.kind !== 'string') throw new SelectorError('Expected a table name');
  if (fn === 'select') take('column');
  take('punct', ',');
  const predicate = condition();
  take('punct', ')');
  if (position !== tokens.length) throw new SelectorError(`Unexpected "${tokens[position]?.text}" after the expression`);
  return { table: tableToken.text, predicate };
}
