import { apiPost } from '../../../api/client.ts';

/** The shared envelope of the administration calls (server modules/admin/shared/replies.ts). */
export interface ListParams {
  page: number;
  per_page: number;
  q?: string;
  sort: string;
  order: 'asc' | 'desc';
  /** Screen-specific filters (flow, kind…), sent as they are. */
  [filter: string]: unknown;
}

export interface ListPage<T> {
  total: number;
  dados: T[];
}

export interface SavedReply<T> {
  msg: string;
  dados: T;
}

/** `desativado`: the row stayed, inactive, because history depends on it. */
export interface DeletedReply {
  msg: string;
  desativado: boolean;
}

export type SaveMode = 'add' | 'edit';

/** Every administration record carries the version it was read at; an edit sends it back (GUIDE §3). */
export interface Versioned {
  version: number;
}

/**
 * One administration resource of the API: `<base>/list|add|edit|delete`. The mode is explicit
 * because an access group is added with the id (its code) the administrator types.
 */
export interface AdminResource {
  base: string;
  /** Query-cache key of everything read from this resource. */
  key: readonly unknown[];
  list<T>(params: ListParams): Promise<ListPage<T>>;
  save<T>(mode: SaveMode, body: object): Promise<SavedReply<T>>;
  remove(id: number): Promise<DeletedReply>;
}

export const adminResource = (base: string): AdminResource => ({
  base,
  key: ['admin', base],
  list: <T>(params: ListParams) => apiPost<ListPage<T>>(`${base}/list`, params),
  save: <T>(mode: SaveMode, body: object) => apiPost<SavedReply<T>>(`${base}/${mode}`, body),
  remove: (id: number) => apiPost<DeletedReply>(`${base}/delete`, { id }),
});
