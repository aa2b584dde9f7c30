export * from './api';
export * from './contactInput';
export * from './documents';
export * from './errors';
export * from './rules';
export * from './syncLog';
export * from './office';
export * from './booking';
export { CHANGED_COLUMN, type Column, type ColumnKind, type OtherWords, type Presence, type RowDocument, type Table, type TableDeclaration } from './columns';
