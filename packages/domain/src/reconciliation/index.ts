export * from './columns.ts';
export * from './divergence.ts';
export * from './row.ts';
