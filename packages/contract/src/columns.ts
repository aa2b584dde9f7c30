/**
 * How a synced table is declared, once: each Firestore field with the AppSheet column it comes
 * from, the column's type, whether a blank cell is allowed, and the office's words for list
 * values. From a declaration follow the zod schema the web app parses, the typed document the
 * sync writes, the column maps of the sync and of the write-backs, and docs/appsheet.md.
 */
import * as z from 'zod/mini';

/** AppSheet column types as the sync reads them (functions/src/sync/mapping/values.ts). */
export type ColumnKind = 'text' | 'email' | 'url' | 'decimal' | 'integer' | 'date' | 'dateTime' | 'boolean' | 'enum' | 'list';

/** What a blank cell means: the row is rejected, the field is null, or it holds a default. */
export type Presence = 'required' | 'optional' | 'defaulted';

/** What the sync does with a value outside an enum's words: rejects the row, keeps it, or keeps it and warns. */
export type OtherWords = 'reject' | 'keep' | 'warn';

export interface Column<V extends z.ZodMiniType = z.ZodMiniType, P extends Presence = Presence> {
  /** The AppSheet column's name. */
  readonly column: string;
  readonly kind: ColumnKind;
  readonly presence: P;
  /** A value that is not blank, as the document stores it. */
  readonly value: V;
  /** defaulted: what a blank cell is stored as. */
  readonly blankValue?: z.output<V>;
  /** enum: the office's word → the stored value; matched ignoring case, stored values accepted too. */
  readonly words?: Readonly<Record<string, string>>;
  readonly otherWords?: OtherWords;
}

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a day YYYY-MM-DD'));
const instant = z.iso.datetime({ offset: true });
/** A document id or a reference to one. */
export const id = z.string().check(z.minLength(1));
const amount = z.number().check(z.refine(Number.isFinite, 'expected a finite number'));

const column = <V extends z.ZodMiniType>(name: string, kind: ColumnKind, value: V, extra: Pick<Column, 'words' | 'otherWords'> = {}): Column<V, 'optional'> => ({
  column: name,
  kind,
  presence: 'optional',
  value,
  ...extra,
});

export const text = (name: string) => column(name, 'text', z.string());
/** A reference: the key of a row of another table. */
export const ref = (name: string) => column(name, 'text', id);
export const email = (name: string) => column(name, 'email', z.string());
export const url = (name: string) => column(name, 'url', z.string());
export const decimal = (name: string) => column(name, 'decimal', amount);
export const integer = (name: string) => column(name, 'integer', z.int());
export const wholeWeeks = (name: string) => column(name, 'integer', z.int().check(z.nonnegative('must not be negative')));
/** A count of something (places): a whole number, never negative. */
export const count = wholeWeeks;
export const date = (name: string) => column(name, 'date', day);
export const dateTime = (name: string) => column(name, 'dateTime', instant);
export const yesNo = (name: string) => column(name, 'boolean', z.boolean());
export const list = (name: string) => column(name, 'list', z.array(z.string()));

type Stored<W extends Readonly<Record<string, string>>> = W[keyof W];

/** A value from the office's list (AppSheet Enum); only these words are stored. */
export function oneOf<const W extends Readonly<Record<string, string>>>(name: string, words: W): Column<z.ZodMiniEnum<{ [S in Stored<W>]: S }>, 'optional'>;
/** A value from the office's list that may also hold other words, kept as typed (with a warning). */
export function oneOf(name: string, words: Readonly<Record<string, string>>, otherWords: 'keep' | 'warn'): Column<z.ZodMiniString, 'optional'>;
export function oneOf(name: string, words: Readonly<Record<string, string>>, otherWords: OtherWords = 'reject'): Column {
  const value = otherWords === 'reject' ? z.enum([...new Set(Object.values(words))]) : z.string();
  return column(name, 'enum', value, { words, otherWords });
}

/** A blank cell rejects the row. */
export const required = <V extends z.ZodMiniType>(col: Column<V, 'optional'>): Column<V, 'required'> => ({ ...col, presence: 'required' });

/** A blank cell is stored as `blankValue` (0 for a balance: nothing owed). */
export const orBlank = <V extends z.ZodMiniType>(col: Column<V, 'optional'>, blankValue: z.output<V>): Column<V, 'defaulted'> => ({
  ...col,
  presence: 'defaulted',
  blankValue,
});

/** The schema of one field: what a document may hold, including older documents that lack it. */
export type FieldSchema<C> =
  C extends Column<infer V, 'required'> ? V
  : C extends Column<infer V, 'defaulted'> ? z.ZodMiniDefault<V>
  : C extends Column<infer V, 'optional'> ? z.ZodMiniDefault<z.ZodMiniNullable<V>>
  : z.ZodMiniType; // a column of no particular presence: any declared table

function fieldSchema<C extends Column>(col: C): FieldSchema<C> {
  const schema =
    col.presence === 'required' ? col.value
    : col.presence === 'defaulted' ? z._default(col.value, col.blankValue)
    : z._default(z.nullable(col.value), null);
  return schema as FieldSchema<C>;
}

type Columns = Readonly<Record<string, Column>>;
type Shape<C extends Columns> = { -readonly [F in keyof C]: FieldSchema<C[F]> };

/** A document as the sync maps it from a row, before fields it adds itself (a plan's memberId). */
export type RowDocument<C extends Columns> = z.output<z.ZodMiniObject<Shape<C>>>;

/** What a school without an optional table goes without, for the doctor and docs/appsheet.md. */
export interface OptionalTable {
  /** "booking": the doctor's warning names it ("no booking"). */
  readonly feature: string;
  /** The page in docs/ that says how the office uses the table. */
  readonly doc: string;
  /** What adding it gives, ending the doctor's warning ("to let families book …"). */
  readonly gives: string;
}

export interface TableDeclaration<
  N extends string = string,
  C extends Columns = Columns,
  D extends z.core.$ZodLooseShape = z.core.$ZodLooseShape,
> {
  /** The Firestore collection. */
  readonly collection: N;
  /** The AppSheet table. */
  readonly appSheetTable: string;
  /** The AppSheet key column, whose value is the document id. */
  readonly keyColumn: string;
  /** The AppSheet ChangeTimestamp column: when the row last changed. */
  readonly changedColumn: string;
  /** Each field and the column it is read from. */
  readonly columns: C;
  /** Fields the sync fills in itself, from other tables. */
  readonly derived?: D;
  /**
   * A table a school may leave out of its app (booking, closed days): the sync reads it when
   * AppSheet has it, and treats "no such table" as an empty table it must not delete from.
   */
  readonly optional?: OptionalTable;
  /** A rule across fields; the reason a row must not be synced, or null. */
  check?(doc: RowDocument<C>): string | null;
}

export interface Table<N extends string, C extends Columns, D extends z.core.$ZodLooseShape> extends TableDeclaration<N, C, D> {
  /** The fields the sync maps from a row (no id, nothing derived). */
  readonly rowSchema: z.ZodMiniObject<Shape<C>, z.core.$strip>;
  /** A stored document as the web app reads it: id, the mapped fields and the derived ones. */
  readonly schema: z.ZodMiniObject<{ id: typeof id } & Shape<C> & D, z.core.$strip>;
}

/** The change-timestamp column every table carries (AppSheet type ChangeTimestamp). */
export const CHANGED_COLUMN = 'Last Changed';

export function defineTable<const N extends string, const C extends Columns, const D extends z.core.$ZodLooseShape = Record<never, never>>(
  declaration: Omit<TableDeclaration<N, C, D>, 'changedColumn'>,
): Table<N, C, D> {
  const shape = Object.fromEntries(Object.entries(declaration.columns).map(([field, col]) => [field, fieldSchema(col)])) as unknown as Shape<C>;
  return {
    changedColumn: CHANGED_COLUMN,
    ...declaration,
    rowSchema: z.object(shape),
    schema: z.object({ id, ...shape, ...(declaration.derived as D) }),
  };
}
