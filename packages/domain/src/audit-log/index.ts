export * from './labels.ts';
export * from './secrets.ts';
export * from './values.ts';
export * from './diff.ts';
