import type { z } from 'zod';
import type { MenuKey } from '../../../access/menu.ts';
import { defineCall, menuRule, type ErrorKind } from '../../call.ts';
import { deletedReply, idBody, listReply, savedReply } from '../../envelopes.ts';
import { SHEET_DOWNLOAD } from '../shared.ts';

/**
 * Administration (issue 5; spec part 2 §2.5–2.7, §7): every call behind the menu rule of its screen.
 * What an administrator may grant or remove (profile 1, own group, the other side) is checked
 * row by row by the use cases.
 */

interface CrudOptions<
  R extends z.ZodType,
  A extends z.ZodType,
  E extends z.ZodType,
  L extends z.ZodType,
  Q extends z.ZodType,
> {
  base: `/api/${string}`;
  tags: string[];
  menu: MenuKey;
  row: R;
  listBody: L;
  exportQuery: Q;
  addBody: A;
  editBody: E;
}

const SAVE_ERRORS: ErrorKind[] = ['notFound', 'conflict'];

export function crudCalls<
  R extends z.ZodType,
  A extends z.ZodType,
  E extends z.ZodType,
  L extends z.ZodType,
  Q extends z.ZodType,
>(o: CrudOptions<R, A, E, L, Q>) {
  const access = menuRule(o.menu);
  const { tags } = o;
  return {
    list: defineCall({
      method: 'POST',
      path: `${o.base}/list`,
      tags,
      access,
      body: o.listBody,
      answer: listReply(o.row),
      errors: ['notFound'],
    }),
    exportList: defineCall({
      method: 'GET',
      path: `${o.base}/list/exportar`,
      tags,
      access,
      query: o.exportQuery,
      download: SHEET_DOWNLOAD,
      errors: ['tooMany'],
    }),
    add: defineCall({
      method: 'POST',
      path: `${o.base}/add`,
      tags,
      access,
      body: o.addBody,
      answer: savedReply(o.row),
      errors: SAVE_ERRORS,
    }),
    edit: defineCall({
      method: 'POST',
      path: `${o.base}/edit`,
      tags,
      access,
      body: o.editBody,
      answer: savedReply(o.row),
      errors: SAVE_ERRORS,
    }),
    delete: defineCall({
      method: 'POST',
      path: `${o.base}/delete`,
      tags,
      access,
      body: idBody,
      answer: deletedReply,
      errors: SAVE_ERRORS,
    }),
  };
}
