import type { ListQuery } from '@portal/domain';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../http/errors.ts';
import { findUser, listUsers as queryUsers, type UserDto } from './repo.ts';

/** usuarios/list: one user by id, or a page of users (never with a password hash). */
export async function listUsers(
  db: Database,
  query: ListQuery,
): Promise<{ dados: UserDto } | { total: number; dados: UserDto[] }> {
  if (query.id !== undefined) {
    const user = await findUser(db, query.id);
    if (!user) throw notFound('Usuário não encontrado.');
    return { dados: user };
  }
  return queryUsers(db, query);
}
