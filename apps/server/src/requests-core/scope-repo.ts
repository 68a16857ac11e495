import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { recordScope, type SessionUser } from '@portal/domain';
import { solicitacoes } from '../db/schema.ts';

/** What a user's scope leaves visible: its shape decides a query's text, its values are bound. */
export type ScopeShape = 'all' | 'none' | 'regional' | 'empresa';

export function scopeShape(user: SessionUser): ScopeShape {
  switch (recordScope(user)) {
    case 'all':
      return 'all';
    case 'regional':
      return user.regionais.length ? 'regional' : 'none';
    case 'empresa':
      return user.empresa === null ? 'none' : 'empresa';
  }
}

/** The values a prepared statement of `scopeOf(…, { prepared: true })` is executed with. */
export const scopeValues = (user: SessionUser) => ({ regionais: user.regionais, empresa: user.empresa });

/** The columns a scope filters on: the requests' own, or the per-scope counters'. */
export interface ScopeColumns {
  regional: AnyColumn;
  empresa: AnyColumn;
}
const REQUEST_COLUMNS: ScopeColumns = { regional: solicitacoes.regional, empresa: solicitacoes.idEmpresa };

/**
 * The single where-clause builder for row-level scoping: every query of requests goes through it,
 * so no list, count or read can see beyond the session's company, regional or group. `prepared`
 * leaves the user's values as placeholders (`regionais`, `empresa`: see scopeValues).
 */
export function scopeOf(
  user: SessionUser,
  columns: ScopeColumns = REQUEST_COLUMNS,
  options: { prepared?: boolean } = {},
): SQL {
  switch (scopeShape(user)) {
    case 'all':
      return sql`true`;
    case 'none':
      return sql`false`;
    case 'regional': {
      const regionais = options.prepared ? sql.placeholder('regionais') : sql.param(user.regionais);
      return sql`${columns.regional} = any(${regionais})`;
    }
    case 'empresa':
      return eq(columns.empresa, options.prepared ? sql.placeholder('empresa') : user.empresa);
  }
}

/** `scopeOf` combined with further conditions. */
export const scoped = (user: SessionUser, ...conditions: (SQL | undefined)[]): SQL =>
  and(scopeOf(user), ...conditions) ?? sql`true`;
