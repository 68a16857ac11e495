import {
  SAVED_VIEW_LIMITS,
  SAVED_VIEW_NAME_TAKEN,
  SAVED_VIEW_NOT_FOUND,
  savedViewLimitReached,
  type SavedViewBody,
} from '@portal/domain';
import type { SavedView } from '@portal/domain/contracts/saved-views';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { checkVersion } from '../../db/version.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import {
  clearDefault,
  countViews,
  findView,
  insertView,
  lockOwner,
  nameTaken,
  toSavedViewDto,
  updateView,
  type ViewOwner,
} from './repo.ts';

/**
 * …/visoes/add and …/visoes/edit (issue 34 step 5). The owner is the session's user and the list
 * the route's form: an id or a user id in the body never reaches another user's views. A view
 * marked default takes the mark from the others of its list. No audit row: a view is the user's
 * own preference and changes no record (docs/decisions/lists-and-search.md, D-LST-014).
 */
export async function saveView(
  db: Database,
  owner: ViewOwner,
  body: SavedViewBody & { id?: number; version?: number },
): Promise<SavedView> {
  try {
    return await db.transaction(async (tx) => {
      await lockOwner(tx, owner);
      const before = body.id === undefined ? undefined : await findView(tx, owner, body.id);
      if (body.id !== undefined && !before) throw notFound(SAVED_VIEW_NOT_FOUND);
      if (before) checkVersion(before.version, body.version);
      else if ((await countViews(tx, owner)) >= SAVED_VIEW_LIMITS.porLista)
        throw unprocessable(savedViewLimitReached());
      if (await nameTaken(tx, owner, body.nome, before?.id))
        throw unprocessable(SAVED_VIEW_NAME_TAKEN, 'nome');
      if (body.padrao) await clearDefault(tx, owner, before?.id);
      const row = before ? await updateView(tx, before, body) : await insertView(tx, owner, body);
      return toSavedViewDto(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(SAVED_VIEW_NAME_TAKEN, 'nome');
    throw err;
  }
}
