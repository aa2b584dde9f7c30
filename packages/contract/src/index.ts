export * from './api';
export * from './contactInput';
export * from './documents';
export * from './errors';
export * from './rules';
export * from './syncLog';
