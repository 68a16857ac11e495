import {
  clientCnpjForUf,
  STATUS,
  todayInBrasilia,
  type Flow,
  type Kind,
  type PostApprovalStage,
  type RequestStatus,
} from '@portal/domain';
import { followUpBody, validationBody } from '@portal/domain/contracts/post-approval';
import { and, eq, sql } from 'drizzle-orm';
import { findUserRecord } from '../../auth/session-user.ts';
import { followUpUnit } from '../../modules/pos-aprovacao/follow-up-unit.ts';
import { validateUnit } from '../../modules/pos-aprovacao/validate-unit.ts';
import { saveRequest } from '../../modules/solicitacoes/save-request.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { Database } from '../client.ts';
import { concessionarias, motivosRecusa, notificacoes, solicitacoes } from '../schema.ts';

/**
 * A dozen requests, so a fresh demo opens on lists, counters and post-approval screens with work
 * in them. Each is created and moved by the demo user whose role does it, through the same use
 * cases the API calls: every rule, status history, observation, counter and audit entry applies.
 * Only into a database without requests (startServer asks it on the start that creates the demo).
 */
export async function seedDemoRequests(deps: { db: Database; storage: FileStorage }): Promise<void> {
  const { db } = deps;
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(solicitacoes);
  if (n > 0) return;

  const as = async (email: string) => {
    const record = await findUserRecord(db, { email });
    if (!record) throw new Error(`demo user ${email} is missing`);
    return { db, user: record.user, ip: DEMO_IP };
  };
  const requester = await as('solicitante@demo.portal');
  const regional = await as('regional@demo.portal');
  const cell = await as('celula@demo.portal');
  const provider = await as('amee@demo.portal');
  const property = await as('property@demo.portal');

  const concessionaire = async (flow: Flow, nome: string) => {
    const [row] = await db
      .select({ id: concessionarias.id })
      .from(concessionarias)
      .where(and(eq(concessionarias.fluxo, flow), eq(concessionarias.nome, nome)));
    if (!row) throw new Error(`concessionaire ${nome} is missing`);
    return row.id;
  };
  const enel = await concessionaire('energia', 'Enel Distribuição São Paulo');
  const sabesp = await concessionaire('agua', 'Sabesp');
  const light = await concessionaire('energia', 'Light');

  type Actor = typeof requester;
  const save = (actor: Actor, flow: Flow, kind: Kind, dados: Record<string, unknown>) =>
    saveRequest(deps, {
      flow,
      kind,
      mode: dados.id ? 'edit' : 'add',
      user: actor.user,
      ip: DEMO_IP,
      body: { dados, files: [] },
    });
  /** Moves a saved request on, as `actor`, with the fields that step asks for. */
  const move = async (actor: Actor, flow: Flow, saved: Saved, fields: Record<string, unknown>) =>
    (await save(actor, flow, 'nova', { id: saved.id, version: saved.version, ...fields })) as Saved;

  const today = todayInBrasilia(new Date());
  for (const [i, site] of ENERGY_SITES.entries()) {
    let unit = (await save(requester, 'energia', 'nova', {
      ...site,
      site_id: `SPDEM${String(i + 1).padStart(2, '0')}`,
      regional: TSP,
      uf: 'SP',
      municipio: 'São Paulo',
      cnpj_solicitada: CLIENT_CNPJ_SP,
      id_concessionaria: enel,
      unidade: `7${String(4015001 + i * 137).padStart(9, '0')}`,
      numero_medidor: `MD${String(88210 + i)}`,
      id_tensao: 1,
      tipo_site: 1,
    })) as Saved;
    const reach = site.reach;
    if (reach === STATUS.INICIADA) continue;
    unit = await move(regional, 'energia', unit, {
      endereco_id: `TSPDEM${String(i + 1).padStart(3, '0')}`,
      status: STATUS.EM_VALIDACAO_REGIONAL,
    });
    if (reach === STATUS.EM_VALIDACAO_REGIONAL) continue;
    if (reach === STATUS.RECUSADA_REGIONAL) {
      // Every refusal says why (issue 34 step 3): a reason of the regional's catalogue.
      const [reason] = await db
        .select({ id: motivosRecusa.id })
        .from(motivosRecusa)
        .where(eq(motivosRecusa.movimento, 'solicitacao.3'))
        .orderBy(motivosRecusa.id)
        .limit(1);
      await move(regional, 'energia', unit, {
        status: STATUS.RECUSADA_REGIONAL,
        observacao: 'Endereço ID não corresponde ao site informado. Revise e reenvie.',
        motivo_recusa_id: reason?.id,
      });
      continue;
    }
    unit = await move(regional, 'energia', unit, { status: STATUS.APROVADA_REGIONAL });
    if (reach === STATUS.APROVADA_REGIONAL) continue;
    unit = await move(cell, 'energia', unit, { status: STATUS.APROVADA, ...PAYMENT, data_ligacao: today });
    if (reach === STATUS.APROVADA) continue;
    unit = await move(provider, 'energia', unit, { status: STATUS.INSERIDA_BASE });
    if (site.stage === 1) continue;

    const validator = { responsavel: 'Alberto Operador AME', status: 1 };
    let step = await validateUnit(
      provider,
      validationBody.parse({
        id: unit.id,
        version: unit.version,
        tipo: 1,
        ...validator,
        cargo: 'Analista de Infraestrutura',
        tipologia: 'Greenfield',
        elemento_de_rede: `ERB-SP-${String(i + 1).padStart(3, '0')}`,
        data_validacao: today,
      }),
    );
    if (site.stage === 2) continue;
    step = await validateUnit(
      provider,
      validationBody.parse({
        id: unit.id,
        version: step.version,
        tipo: 2,
        ...validator,
        cargo: 'Analista Financeiro',
      }),
    );
    if (site.stage === 3) continue;
    await followUpUnit(
      provider,
      followUpBody.parse({
        id: unit.id,
        version: step.version,
        situacao: 2,
        data_primeira_fatura: today,
        data_recebimento_fatura: today,
        observacao: 'Primeira fatura recebida.',
      }),
    );
  }

  for (const [i, site] of WATER_SITES.entries()) {
    const unit = (await save(requester, 'agua', 'nova', {
      ...site,
      site_id: `SPAGU${String(i + 1).padStart(2, '0')}`,
      regional: TSP,
      uf: 'SP',
      municipio: 'São Paulo',
      cnpj_solicitada: CLIENT_CNPJ_SP,
      id_concessionaria: sabesp,
      unidade: `RGI${String(5520100 + i * 41)}`,
      numero_medidor: `HD${String(31400 + i)}`,
      tipo_site: 7,
    })) as Saved;
    if (site.reach === STATUS.EM_VALIDACAO_REGIONAL) {
      await move(regional, 'agua', unit, {
        endereco_id: `TSPAGU${String(i + 1).padStart(3, '0')}`,
        status: STATUS.EM_VALIDACAO_REGIONAL,
      });
    }
  }

  // Property Management's own start (13), waiting on its analysis (15 or 16): work of its own in
  // its inbox. In RJ, outside the demo regional's TSP, so the regional's lists stay as above.
  await save(property, 'energia', 'nova', {
    ...PROPERTY_SITE,
    endereco_id: 'TRJPRO001',
    site_id: 'RJPRO01',
    regional: TRJ,
    uf: 'RJ',
    municipio: 'Rio de Janeiro',
    cnpj_solicitada: clientCnpjForUf('RJ')!,
    id_concessionaria: light,
    unidade: '4100328715',
    numero_medidor: 'MD90311',
    id_tensao: 1,
    tipo_site: 1,
    tipo_de_loja: 1,
  });

  // Every move above told its users, as any save does; a demo that opens with two dozen unread
  // notices looks broken, so each user finds the older ones read and only the latest few new.
  await db.execute(sql`
    update ${notificacoes} set lida_em = now()
    where id in (
      select id from (
        select id, row_number() over (partition by id_usuario order by id desc) as newest
        from ${notificacoes} where lida_em is null
      ) ranked
      where newest > ${DEMO_UNREAD_NOTICES}
    )`);
}

interface Saved {
  id: number;
  version: number;
}

const DEMO_IP = '127.0.0.1';
/** How many of a demo user's notices a fresh demo leaves unread: the latest moves of their requests. */
export const DEMO_UNREAD_NOTICES = 3;
/** TSP, the demo regional user's regional and the requester's. */
const TSP = 7;
/** TRJ, the regional of Property Management's demo unit. */
const TRJ = 5;
/** The units are requested in the client's name, under its CNPJ in SP. */
const CLIENT_CNPJ_SP = clientCnpjForUf('SP')!;
/** What the cell fills to approve: how the unit will be paid and billed (and the connection date). */
const PAYMENT = {
  tipo_de_pagamento: 1,
  classe_tarifaria: 1,
  subclasse_tarifaria: 1,
  modalidade_tarifaria: 'bt',
  tensao_fornecimento: 3,
  mercado: 2,
  centro_custo: 'CC1020',
  conta_contabil: '4110203',
};

interface DemoSite {
  reach: RequestStatus;
  stage?: PostApprovalStage;
  endereco: string;
  numero: string;
  bairro: string;
}

/** Where each demo energy unit stops: its status and, once inserted in the base, its stage. */
const ENERGY_SITES: DemoSite[] = [
  { reach: STATUS.INICIADA, endereco: 'Rua Vergueiro', numero: '3185', bairro: 'Vila Mariana' },
  { reach: STATUS.EM_VALIDACAO_REGIONAL, endereco: 'Avenida Rebouças', numero: '1450', bairro: 'Pinheiros' },
  { reach: STATUS.RECUSADA_REGIONAL, endereco: 'Rua Augusta', numero: '2690', bairro: 'Cerqueira César' },
  { reach: STATUS.APROVADA_REGIONAL, endereco: 'Avenida Ibirapuera', numero: '2907', bairro: 'Moema' },
  { reach: STATUS.APROVADA, endereco: 'Rua Domingos de Morais', numero: '2243', bairro: 'Vila Mariana' },
  { reach: STATUS.INSERIDA_BASE, stage: 1, endereco: 'Avenida Sumaré', numero: '1100', bairro: 'Perdizes' },
  { reach: STATUS.INSERIDA_BASE, stage: 2, endereco: 'Rua Tuiuti', numero: '2420', bairro: 'Tatuapé' },
  { reach: STATUS.INSERIDA_BASE, stage: 3, endereco: 'Avenida Jabaquara', numero: '1870', bairro: 'Saúde' },
  {
    reach: STATUS.INSERIDA_BASE,
    stage: 4,
    endereco: 'Rua Voluntários da Pátria',
    numero: '3500',
    bairro: 'Santana',
  },
];

const PROPERTY_SITE = { endereco: 'Rua Voluntários da Pátria', numero: '190', bairro: 'Botafogo' };

const WATER_SITES: DemoSite[] = [
  { reach: STATUS.INICIADA, endereco: 'Avenida Cupecê', numero: '5200', bairro: 'Jardim Prudência' },
  {
    reach: STATUS.EM_VALIDACAO_REGIONAL,
    endereco: 'Rua Cerro Corá',
    numero: '1250',
    bairro: 'Alto de Pinheiros',
  },
];
