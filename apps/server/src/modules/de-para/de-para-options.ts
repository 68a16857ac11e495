import type { DeParaOptions } from '@portal/domain/contracts/de-para';
import type { Database } from '../../db/client.ts';
import { concessionaireNames, regionalCodes } from './repo.ts';

/** What the form's "Para" offers: the names and ids the save accepts (save-de-para.ts). */
export async function deParaOptions(db: Database): Promise<DeParaOptions> {
  return { concessionarias: await concessionaireNames(db), regionais: await regionalCodes(db) };
}
