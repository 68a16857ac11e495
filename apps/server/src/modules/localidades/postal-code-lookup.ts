/** What a postal-code lookup fills in the forms (spec part 1 §7: logradouro, bairro, localidade, uf). */
export interface Address {
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
}

export type LookupResult =
  { found: true; address: Address } | { found: false; reason: 'not-found' | 'unavailable' };

/**
 * Looks a CEP up at a ViaCEP-compatible service (`{base}/{cep}/json/`), with a time-out and an
 * in-memory cache of answers. The service being down or slow is reported as 'unavailable', so the
 * form can let the user type the address.
 */
export function createPostalCodeLookup(options: { baseUrl: string; timeoutMs: number; ttlMs?: number }) {
  const ttlMs = options.ttlMs ?? 24 * 60 * 60_000;
  const cache = new Map<string, { at: number; result: LookupResult }>();

  return async function lookup(cep: string): Promise<LookupResult> {
    const hit = cache.get(cep);
    if (hit && Date.now() - hit.at < ttlMs) return hit.result;
    let result: LookupResult;
    try {
      const response = await fetch(`${options.baseUrl.replace(/\/$/, '')}/${cep}/json/`, {
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (response.status === 400 || response.status === 404) {
        result = { found: false, reason: 'not-found' };
      } else if (!response.ok) {
        return { found: false, reason: 'unavailable' };
      } else {
        const body = (await response.json()) as Partial<Address> & { erro?: unknown };
        result =
          body.erro || !body.uf
            ? { found: false, reason: 'not-found' }
            : {
                found: true,
                address: {
                  logradouro: body.logradouro ?? '',
                  bairro: body.bairro ?? '',
                  localidade: body.localidade ?? '',
                  uf: body.uf,
                },
              };
      }
    } catch {
      return { found: false, reason: 'unavailable' }; // not cached: the next try may succeed
    }
    if (cache.size > 5_000) cache.clear();
    cache.set(cep, { at: Date.now(), result });
    return result;
  };
}
