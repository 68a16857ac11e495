export * from './access/groups.ts';
export * from './access/menu.ts';
export * from './auth/password.ts';
export * from './auth/schemas.ts';
export * from './dashboard/totals.ts';
export * from './access/scope.ts';
