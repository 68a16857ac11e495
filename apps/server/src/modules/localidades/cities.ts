import { cities, states } from 'estados-cidades';

const collator = new Intl.Collator('pt-BR');
const UFS = new Set(states());

/** The IBGE municipalities of a state, shipped with the app so the form works offline; [] for no state. */
export function citiesOf(uf: string): string[] {
  const code = uf.toUpperCase();
  return UFS.has(code) ? [...cities(code)].sort(collator.compare) : [];
}
