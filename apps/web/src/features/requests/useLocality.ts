import {
  cleanCep,
  CEP_LENGTH,
  FIELD_MAX,
  regionalChoices,
  regionalLabel,
  regionalServesUf,
  type RequestForm,
  type SessionUser,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useSessionUser } from '../../app/session/useSession.ts';
import type { PostalAddress, PublicRegional } from '@portal/domain/contracts/calls/catalogues';
import { addressOf, citiesOf, concessionaires, regionals } from './api.ts';
import { lookupKeys } from './queryKeys.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The regionals this user may send a request of this UF to (the server refuses the others, issues
 * 30 and 34: a regional user, only those it covers); the chosen one stays listed so a record saved
 * before the rule shows it by name.
 */
export function regionalOptions(
  user: Pick<SessionUser, 'papel' | 'perfil' | 'regionais'>,
  rows: readonly PublicRegional[],
  uf: string,
  regionalId: string,
) {
  const offered = new Set(regionalChoices(user, rows, uf));
  return rows
    .filter((r) => offered.has(r) || String(r.id) === regionalId)
    .map((r) => ({ value: String(r.id), label: regionalLabel(r.regional) }));
}

/**
 * The UF's cities (IBGE list served by our server), the concessionaires of the flow, best for the
 * UF first, and the regionals that serve the UF (those added on /regional included).
 */
export function useLocalityOptions(
  form: RequestForm,
  uf: string,
  concessionaireId: string,
  regionalId: string,
) {
  const cities = useQuery({
    queryKey: lookupKeys.cities(uf),
    queryFn: () => citiesOf(uf),
    enabled: uf.length === 2,
    staleTime: DAY,
  });
  const providers = useQuery({
    queryKey: lookupKeys.concessionaires(form.flow),
    queryFn: () => concessionaires(form),
    staleTime: DAY,
  });
  const regionalRows = useQuery({ queryKey: lookupKeys.regionals(), queryFn: regionals, staleTime: DAY });
  const user = useSessionUser();
  const all = providers.data ?? [];
  const rows = regionalRows.data ?? [];
  // Filtered by the UF only when some concessionaire serves it: otherwise the user could pick none.
  // The stored choice stays listed even when it does not serve the UF, so it shows by name.
  const serving = all.filter((c) => c.ufs.includes(uf) || String(c.id) === concessionaireId);
  return {
    cities: cities.data ?? [],
    citiesLoading: cities.isFetching,
    concessionaires: serving.some((c) => c.ufs.includes(uf)) ? serving : all,
    regionals: regionalOptions(user, rows, uf, regionalId),
    /** Whether the regional of this id serves the UF: a UF it does not serve clears the choice. */
    regionalServes: (id: string, newUf: string) =>
      rows.some((r) => String(r.id) === id && regionalServesUf(r, newUf)),
  };
}

/** Street, district, city and UF of a CEP, cut to the lengths the form accepts. */
export const fitAddress = (address: PostalAddress) => ({
  endereco: address.logradouro.slice(0, FIELD_MAX.endereco),
  bairro: address.bairro.slice(0, FIELD_MAX.bairro),
  municipio: address.localidade.slice(0, FIELD_MAX.municipio),
  uf: address.uf,
});

/**
 * The postal-code lookup. An unknown CEP (404) or an unavailable service (503) is not an error
 * the user must fix: a notice says so and the address is typed by hand.
 */
export function useCepLookup(onFound: (address: ReturnType<typeof fitAddress>) => void) {
  const [notice, setNotice] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const [lastCep, setLastCep] = useState('');

  const lookup = async (typed: string) => {
    const cep = cleanCep(typed);
    if (cep.length !== CEP_LENGTH || cep === lastCep) return;
    setLastCep(cep);
    setLooking(true);
    setNotice(null);
    try {
      onFound(fitAddress(await addressOf(cep)));
    } catch (error) {
      setNotice(
        error instanceof ApiError ? error.message : 'Não foi possível consultar o CEP. Preencha o endereço.',
      );
    } finally {
      setLooking(false);
    }
  };
  return { lookup, notice, looking };
}
