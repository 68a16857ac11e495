import {
  mayChooseRegional,
  normalizeValue,
  REGIONAL_NOT_COVERED,
  regionalServesUf,
  type Flow,
  type SessionUser,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { unprocessable } from '../../http/errors.ts';
import { citiesOf } from '../localidades/cities.ts';
import { activeConcessionaireUfs, concessionaireOfFlow, regionalById } from '../../requests-core/repo.ts';

export interface ReferencesInput {
  user: SessionUser;
  flow: Flow;
  /** The stored record's field values ({} when creating). */
  stored: Record<string, unknown>;
  sent: Record<string, unknown>;
}

// The CEP service and typing may differ from the IBGE list in case, accents and punctuation only.
const sameCity = new Intl.Collator('pt-BR', { sensitivity: 'base', ignorePunctuation: true });

/**
 * Values this save would leave on the record, and whether it changes any of `fields`: a rule
 * between fields is judged when one of them changes, so older records are not blocked by an
 * unrelated edit.
 */
function outcome(input: ReferencesInput, fields: string[]) {
  const before = input.stored;
  const has = (f: string) => Object.prototype.hasOwnProperty.call(input.sent, f);
  const value = (f: string) => (has(f) ? input.sent[f] : before[f]);
  const changed = fields.some((f) => has(f) && normalizeValue(input.sent[f]) !== normalizeValue(before[f]));
  return { value, changed };
}

async function checkConcessionaire(db: Database, input: ReferencesInput) {
  const { value, changed } = outcome(input, ['id_concessionaria', 'uf']);
  const id = value('id_concessionaria');
  if (!changed || id == null) return;
  const chosen = await concessionaireOfFlow(db, input.flow, Number(id));
  if (!chosen) throw unprocessable('Concessionária não encontrada.', 'id_concessionaria');
  const uf = value('uf');
  if (typeof uf !== 'string' || chosen.ufs.includes(uf)) return;
  // As the form offers them: filtered by the UF only when some concessionaire of the flow serves it.
  const serving = await activeConcessionaireUfs(db, input.flow);
  if (serving.some((c) => c.ufs.includes(uf))) {
    throw unprocessable(`A concessionária ${chosen.nome} não atende a UF ${uf}.`, 'id_concessionaria');
  }
}

function checkCity(input: ReferencesInput) {
  const { value, changed } = outcome(input, ['municipio', 'uf']);
  const city = value('municipio');
  const uf = value('uf');
  if (!changed || typeof city !== 'string' || typeof uf !== 'string') return;
  if (!citiesOf(uf).some((known) => sameCity.compare(known, city) === 0)) {
    throw unprocessable(`${city} não é um município de ${uf}.`, 'municipio');
  }
}

async function checkRegional(db: Database, input: ReferencesInput) {
  const { value, changed } = outcome(input, ['regional', 'uf']);
  const regional = value('regional');
  if (!changed || regional == null) return;
  const row = await regionalById(db, Number(regional));
  if (!row) throw unprocessable('Regional não encontrada.', 'regional');
  // A user who sees only their regionals would file a request they could not read again.
  if (!mayChooseRegional(input.user, row.id)) throw unprocessable(REGIONAL_NOT_COVERED, 'regional');
  // The regional reviews the request: a requester must not send a unit to one of its own choosing.
  const uf = value('uf');
  if (typeof uf === 'string' && !regionalServesUf(row, uf)) {
    throw unprocessable(`A regional ${row.sigla} não atende a UF ${uf}.`, 'regional');
  }
}

/** The payload's references exist and agree with each other and with the user's scope. */
export async function checkReferences(db: Database, input: ReferencesInput) {
  checkCity(input);
  await checkConcessionaire(db, input);
  await checkRegional(db, input);
}
