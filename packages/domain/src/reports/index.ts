export * from './definitions.ts';
export * from './columns.ts';
export * from './query.ts';
export * from './admin-sheets.ts';
