import type { Call } from '@portal/domain/contracts/call';
import type { DeletedReply, ListPage, SavedReply } from '@portal/domain/contracts/envelopes';
import type { ListQuery } from '@portal/domain';
import { call, type Answer } from '../../../api/client.ts';

/** A list call's body: paging, sort and quick search, and the screen's own filters (flow, kind…). */
export type ListParams = Pick<ListQuery, 'page' | 'per_page' | 'q' | 'sort' | 'order'> & {
  [filter: string]: unknown;
};

export type SaveMode = 'add' | 'edit';

/** Every administration record carries the version it was read at; an edit sends it back (GUIDE §3). */
export interface Versioned {
  version: number;
}

/** The calls of one administration resource (`<base>/list|add|edit|delete`), as the domain declares them. */
export interface AdminCalls {
  list: Call;
  add?: Call;
  edit: Call;
  delete?: Call;
}

/** A list call answers a page, or one row when the body names an id; the screens read pages. */
export type RowOf<C extends AdminCalls> =
  Answer<C['list']> extends infer A
    ? A extends { total: number; dados: (infer Row)[] }
      ? Row
      : never
    : never;

/**
 * One administration resource of the API. The mode is explicit because an access group is added
 * with the id (its code) the administrator types.
 */
export interface AdminResource<Row> {
  /** The calls' common path under /api (the list's export is `<base>/list/exportar`). */
  base: string;
  /** Query-cache key of everything read from this resource. */
  key: readonly unknown[];
  list(params: ListParams): Promise<ListPage<Row>>;
  save(mode: SaveMode, body: object): Promise<SavedReply<Row>>;
  remove(id: number): Promise<DeletedReply>;
}

/** Sends a body to one of the resource's calls; a call the resource lacks is a programming error. */
function send(descriptor: Call | undefined, body: unknown): Promise<unknown> {
  if (!descriptor) throw new Error('Este cadastro não tem esta chamada.');
  return call(descriptor, { body } as never);
}

/** Query-cache key of everything read from the resource at `<base>` (its calls' path under /api). */
export const adminKey = (base: string) => ['admin', base] as const;

export function adminResource<C extends AdminCalls>(calls: C): AdminResource<RowOf<C>> {
  const base = calls.list.path.slice('/api/'.length, -'/list'.length);
  type Resource = AdminResource<RowOf<C>>;
  return {
    base,
    key: adminKey(base),
    list: async (params) => {
      // The list answers one row when its body names an id: a screen reads pages only.
      const answer = (await send(calls.list, params)) as object;
      if (!('total' in answer)) throw new Error('A lista respondeu um registro em vez de uma página.');
      return answer as Awaited<ReturnType<Resource['list']>>;
    },
    save: (mode, body) => send(calls[mode], body) as ReturnType<Resource['save']>,
    remove: (id) => send(calls.delete, { id }) as ReturnType<Resource['remove']>,
  };
}
