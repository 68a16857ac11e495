export * from './stages.ts';
export * from './rules.ts';
export * from './calendar.ts';
