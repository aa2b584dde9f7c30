/**
 * AppSheet `Selector` expressions (API v2 "Read records from a table"), written in one place
 * with one quoting rule. AppSheet's expression language documents no escape inside a text
 * literal, so a value holding a double quote or a backslash cannot be written into one: it is
 * refused (SelectorError), never guessed at.
 */
export class SelectorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SelectorError';
  }
}

/** Whether `value` can stand in a selector as a text literal. */
export const quotable = (value: string): boolean => !/["\\]/.test(value);

/** "value", for a table name, a key or a date-time literal. */
export function text(value: string): string {
  if (!quotable(value)) throw new SelectorError(`${JSON.stringify(value)} cannot be written into an AppSheet selector (a double quote or backslash)`);
  return `"${value}"`;
}

/** [Column]: a column name cannot hold brackets. */
export function column(name: string): string {
  if (/[[\]]/.test(name)) throw new SelectorError(`Column name ${JSON.stringify(name)} cannot be written into an AppSheet selector (a bracket)`);
  return `[${name}]`;
}

/** Filter("Table", condition): the rows of `table` meeting `condition` (every row when absent). */
export const filter = (table: string, condition?: string): string => `Filter(${text(table)}, ${condition ?? 'TRUE'})`;

/** AND of the conditions given; TRUE for none. */
export function and(...conditions: Array<string | undefined>): string {
  const given = conditions.filter((condition): condition is string => condition !== undefined);
  return given.length === 0 ? 'TRUE' : given.length === 1 ? given[0]! : `AND(${given.join(', ')})`;
}

/** [Key] = "k1", or OR() of such equalities for several keys. */
export function keyIn(keyColumn: string, keys: string[]): string {
  if (keys.length === 0) throw new SelectorError('No key to ask for');
  const equalities = keys.map((key) => `${column(keyColumn)} = ${text(key)}`);
  return equalities.length === 1 ? equalities[0]! : `OR(${equalities.join(', ')})`;
}

/** Top(OrderBy(Filter("Table", condition), [Column]), count): the first `count` rows by `orderBy`. */
export const top = (table: string, condition: string | undefined, orderBy: string, count: number): string =>
  `Top(OrderBy(${filter(table, condition)}, ${column(orderBy)}), ${count})`;
