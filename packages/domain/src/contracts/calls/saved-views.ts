import type { Flow, Kind } from '../../catalogs/flow-kind.ts';
import { savedViewBody, savedViewEditBody } from '../../schemas/saved-views.ts';
import { requestForm } from '../../workflow/forms.ts';
import { defineCall, formRule } from '../call.ts';
import { deletedReply, idBody, savedReply } from '../envelopes.ts';
import { savedView, savedViewListReply } from '../saved-views.ts';

/**
 * The saved views of one request list (issue 34 step 5), under the form's prefix and behind the
 * list's own rule: whoever may open the list may keep views of it, read-only profile included
 * (a view changes no record). Each user reads and writes only their own views.
 */
export function savedViewCalls(flow: Flow, kind: Kind) {
  const form = requestForm(flow, kind);
  const base = `/api/${form.apiBase}/visoes` as const;
  const tags = [form.title];
  const access = formRule(flow, kind);
  return {
    list: defineCall({ method: 'POST', path: `${base}/list`, tags, access, answer: savedViewListReply }),
    add: defineCall({
      method: 'POST',
      path: `${base}/add`,
      tags,
      access,
      body: savedViewBody,
      answer: savedReply(savedView),
    }),
    edit: defineCall({
      method: 'POST',
      path: `${base}/edit`,
      tags,
      access,
      body: savedViewEditBody,
      answer: savedReply(savedView),
      errors: ['notFound', 'conflict'],
    }),
    delete: defineCall({
      method: 'POST',
      path: `${base}/delete`,
      tags,
      access,
      body: idBody,
      answer: deletedReply,
      errors: ['notFound'],
    }),
  };
}
