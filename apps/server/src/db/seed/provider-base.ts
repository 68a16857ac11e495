import type { Flow } from '@portal/domain';
import { ENERGY_CONCESSIONAIRES, WATER_CONCESSIONAIRES } from './reference-data.ts';

/**
 * Deterministic, realistic rows for the provider's (Xerox/AME) base of consumer units: the demo
 * seed inserts a few hundred, the benchmark generator a million, from the same factory.
 */
const PLACES: { uf: string; cidade: string; bairros: string[] }[] = [
  { uf: 'SP', cidade: 'São Paulo', bairros: ['Bela Vista', 'Pinheiros', 'Mooca', 'Santana', 'Vila Mariana'] },
  { uf: 'SP', cidade: 'Campinas', bairros: ['Cambuí', 'Taquaral', 'Barão Geraldo'] },
  { uf: 'RJ', cidade: 'Rio de Janeiro', bairros: ['Centro', 'Botafogo', 'Tijuca', 'Barra da Tijuca'] },
  { uf: 'MG', cidade: 'Belo Horizonte', bairros: ['Savassi', 'Funcionários', 'Pampulha'] },
  { uf: 'PR', cidade: 'Curitiba', bairros: ['Batel', 'Água Verde', 'Centro Cívico'] },
  { uf: 'RS', cidade: 'Porto Alegre', bairros: ['Moinhos de Vento', 'Menino Deus', 'Cidade Baixa'] },
  { uf: 'BA', cidade: 'Salvador', bairros: ['Barra', 'Pituba', 'Rio Vermelho'] },
  { uf: 'PE', cidade: 'Recife', bairros: ['Boa Viagem', 'Espinheiro', 'Casa Forte'] },
  { uf: 'CE', cidade: 'Fortaleza', bairros: ['Aldeota', 'Meireles', 'Benfica'] },
  { uf: 'DF', cidade: 'Brasília', bairros: ['Asa Sul', 'Asa Norte', 'Lago Sul'] },
  { uf: 'GO', cidade: 'Goiânia', bairros: ['Setor Bueno', 'Setor Oeste', 'Setor Marista'] },
  { uf: 'PA', cidade: 'Belém', bairros: ['Nazaré', 'Umarizal', 'Batista Campos'] },
  { uf: 'SC', cidade: 'Florianópolis', bairros: ['Centro', 'Trindade', 'Itacorubi'] },
  { uf: 'ES', cidade: 'Vitória', bairros: ['Praia do Canto', 'Jardim Camburi', 'Centro'] },
];
const STREETS = [
  'Rua das Flores',
  'Avenida Brasil',
  'Rua XV de Novembro',
  'Avenida Paulista',
  'Rua Sete de Setembro',
  'Avenida Getúlio Vargas',
  'Rua Tiradentes',
  'Avenida Rio Branco',
  'Rua Dom Pedro II',
  'Rua Santos Dumont',
];
const HOLDERS = [
  'Operadora Telecom Brasil S.A.',
  'Torres Brasil Infraestrutura S.A.',
  'Conecta Engenharia e Serviços Ltda.',
];

/** A small linear congruential generator: the same seed gives the same rows on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface ProviderBaseRow {
  fluxo: Flow;
  uc: string;
  enderecoId: string;
  rzSocial: string;
  concessionaria: string;
  endereco: string;
  bairro: string;
  cidade: string;
  estado: string;
  ativa: boolean;
  sge: boolean;
}

export function* providerBaseRows(
  count: number,
  seed = 2026,
  fluxo: Flow = 'energia',
): Generator<ProviderBaseRow> {
  const next = random(seed + (fluxo === 'agua' ? 7 : 0));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const concessionaires = fluxo === 'energia' ? ENERGY_CONCESSIONAIRES : WATER_CONCESSIONAIRES;
  for (let i = 0; i < count; i++) {
    const place = pick(PLACES);
    const concessionaire = concessionaires.find((c) => c.ufs.includes(place.uf));
    yield {
      fluxo,
      // Unit numbers of 10 digits (energy) or 8 (water registrations), unique by construction.
      uc: fluxo === 'energia' ? String(3_000_000_000 + i * 7919) : String(40_000_000 + i * 131),
      enderecoId: `${place.uf}${String(100_000 + i).padStart(7, '0')}`,
      rzSocial: pick(HOLDERS),
      concessionaria: concessionaire?.nome ?? '',
      endereco: `${pick(STREETS)}, ${1 + Math.floor(next() * 3000)}`,
      bairro: pick(place.bairros),
      cidade: place.cidade,
      estado: place.uf,
      ativa: next() > 0.15,
      sge: true,
    };
  }
}
