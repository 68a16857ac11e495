import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { recordScope, type SessionUser } from '@portal/domain';
import { solicitacoes } from '../../db/schema.ts';

/**
 * The single where-clause builder for row-level scoping: every query of requests goes through it,
 * so no list, count or read can see beyond the session's company, regional or group.
 */
export function scopeOf(user: SessionUser): SQL {
  switch (recordScope(user)) {
    case 'all':
      return sql`true`;
    case 'regional':
      return user.regionais.length ? inArray(solicitacoes.regional, user.regionais) : sql`false`;
    case 'empresa':
      return user.empresa === null ? sql`false` : eq(solicitacoes.idEmpresa, user.empresa);
  }
}

/** `scopeOf` combined with further conditions. */
export const scoped = (user: SessionUser, ...conditions: (SQL | undefined)[]): SQL =>
  and(scopeOf(user), ...conditions) ?? sql`true`;
