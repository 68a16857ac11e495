import { and, eq, inArray } from 'drizzle-orm';
import { GROUP } from '@portal/domain';
import {
  auditLog,
  concessionarias,
  historicoObservacoes,
  historicoStatus,
  solicitacoes,
  usuarios,
  validacoesUc,
} from '../../src/db/schema.ts';
import { bearer, createTestApp, loginDemo, type TestApp } from '../support/test-app.ts';
import { call } from '../support/requests.ts';
import { reasonFor } from '../support/refusal-reasons.ts';

/**
 * Shared harness of the hostile post-approval probes: one app per test file, every demo user
 * signed in, units inserted straight at a status (the trigger opens stage 1 at 8), and counters
 * of every side effect a save writes (validation row, observation, status history, audit).
 */
export interface Harness {
  t: TestApp;
  tokens: Record<string, string>;
  unit(options?: UnitOptions): Promise<{ id: number; version: number }>;
  list(who: string, body: unknown): ReturnType<typeof call>;
  read(who: string, id: unknown): ReturnType<typeof call>;
  validate(who: string, body: unknown): ReturnType<typeof call>;
  followUp(who: string, body: unknown): ReturnType<typeof call>;
  raw(
    who: string | null,
    path: string,
    payload: string | undefined,
    contentType?: string,
  ): ReturnType<typeof call>;
  stored(id: number): Promise<typeof solicitacoes.$inferSelect>;
  effects(id: number): Promise<Effects>;
  atStage(stage: 1 | 2 | 3 | 4, options?: UnitOptions): Promise<{ id: number; version: number }>;
  prefix: string;
}

export interface UnitOptions {
  status?: number;
  fluxo?: 'energia' | 'agua';
  tipo?: 'nova' | 'troca';
  pagamento?: number | null;
  unidade?: string;
  enderecoId?: string;
}

export interface Effects {
  validacoes: number;
  observacoes: number;
  status: number;
  audit: number;
  version: number;
  posEtapa: number | null;
  statusCode: number;
}

/** Não Aprovado carries a reason (issue 34 step 3): the first seeded one, loaded with the app. */
let refusalReasonId = 0;
const withReason = (extra: object): object =>
  (extra as { status?: number }).status === 2 && !('motivo_recusa_id' in extra)
    ? { motivo_recusa_id: refusalReasonId, ...extra }
    : extra;

export const USERS = ['admin', 'celula', 'regional', 'amee', 'tower', 'property', 'solicitante', 'consulta'];

export const preValidation = (u: { id: number; version: number }, extra: object = {}) => ({
  id: u.id,
  version: u.version,
  tipo: 1,
  responsavel: 'Marina Souza',
  cargo: 'Analista de Infraestrutura',
  identificacao_tim: 'TIM-SP-0001',
  elemento_de_rede: 'ERB',
  tipologia: 'Greenfield',
  data_validacao: '2026-01-20',
  status: 1,
  ...withReason(extra),
});

export const finalValidation = (u: { id: number; version: number }, extra: object = {}) => ({
  id: u.id,
  version: u.version,
  tipo: 2,
  responsavel: 'Marina Souza',
  cargo: 'Analista Financeira',
  status: 1,
  ...withReason(extra),
});

/**
 * `consultaAsProvider`: like the existing suite, the demo Consulta user (profile 3) is moved into
 * the provider group so that it reaches these screens and only its profile stops it writing.
 */
export async function harness(
  overrides: Record<string, unknown> = {},
  consultaAsProvider = true,
): Promise<Harness> {
  const t = await createTestApp(overrides);
  if (consultaAsProvider) {
    await t.app.db
      .update(usuarios)
      .set({ idGrupo: GROUP.AMEE })
      .where(eq(usuarios.email, 'consulta@demo.portal'));
  }
  const tokens = await loginDemo(t.app, USERS);
  refusalReasonId = (await reasonFor(t.app, 'pos-aprovacao.nao-aprovado')).motivo_recusa_id;
  const [requester] = await t.app.db
    .select({ id: usuarios.id, empresa: usuarios.idEmpresa })
    .from(usuarios)
    .where(eq(usuarios.email, 'solicitante@demo.portal'));
  const [c] = await t.app.db
    .select({ id: concessionarias.id })
    .from(concessionarias)
    .where(eq(concessionarias.fluxo, 'energia'))
    .limit(1);
  const prefix = `HX${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  let serial = 0;

  const unit = async (options: UnitOptions = {}) => {
    serial += 1;
    const [row] = await t.app.db
      .insert(solicitacoes)
      .values({
        fluxo: options.fluxo ?? 'energia',
        tipo: options.tipo ?? 'nova',
        status: options.status ?? 8,
        idUsuario: requester!.id,
        idEmpresa: requester!.empresa,
        regional: 7,
        idConcessionaria: c!.id,
        unidade: options.unidade ?? `${prefix}-${serial}`,
        enderecoId: options.enderecoId ?? `${prefix}E${serial}`,
        uf: 'SP',
        tipoDePagamento: options.pagamento === undefined ? 1 : options.pagamento,
        classeTarifaria: 1,
        tensaoFornecimento: 1,
        mercado: 1,
        centroCusto: 'CC1',
        contaContabil: 'CT1',
        dataLigacao: '2026-01-10',
      })
      .returning({ id: solicitacoes.id, version: solicitacoes.version });
    return row!;
  };
  const post = (who: string, path: string) => (body: unknown) =>
    call(t.app, tokens[who]!, `/api/pos-aprovacao/${path}`, body);
  const h: Harness = {
    t,
    tokens,
    prefix,
    unit,
    list: (who, body) => post(who, 'list')(body),
    read: (who, id) => post(who, 'registro')({ id }),
    validate: (who, body) => post(who, 'validar')(body),
    followUp: (who, body) => post(who, 'acompanhar')(body),
    raw: (who, path, payload, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: `/api/pos-aprovacao/${path}`,
        payload,
        headers: { ...(who ? bearer(tokens[who]!) : {}), 'content-type': contentType },
      }),
    stored: async (id) => (await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, id)))[0]!,
    effects: async (id) => {
      const db = t.app.db;
      const [row] = await db.select().from(solicitacoes).where(eq(solicitacoes.id, id));
      const validacoes = await db.select().from(validacoesUc).where(eq(validacoesUc.idSolicitacao, id));
      const observacoes = await db
        .select()
        .from(historicoObservacoes)
        .where(eq(historicoObservacoes.idSolicitacao, id));
      const status = await db.select().from(historicoStatus).where(eq(historicoStatus.idSolicitacao, id));
      const audit = await db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entidadeId, String(id)),
            inArray(auditLog.acao, ['pre-validar', 'validar-final', 'acompanhar'] as never[]),
          ),
        );
      return {
        validacoes: validacoes.length,
        observacoes: observacoes.length,
        status: status.length,
        audit: audit.length,
        version: row?.version ?? -1,
        posEtapa: row?.posEtapa ?? null,
        statusCode: row?.status ?? -1,
      };
    },
    atStage: async (stage, options = {}) => {
      let u = await unit(options);
      if (stage >= 2) {
        const r = await h.validate('amee', preValidation(u));
        if (r.statusCode !== 200) throw new Error(`pre: ${r.statusCode} ${r.body}`);
        u = { id: u.id, version: r.json().version };
      }
      if (stage >= 3) {
        const r = await h.validate('amee', finalValidation(u));
        if (r.statusCode !== 200) throw new Error(`final: ${r.statusCode} ${r.body}`);
        u = { id: u.id, version: r.json().version };
      }
      if (stage >= 4) {
        const r = await h.followUp('amee', {
          id: u.id,
          version: u.version,
          situacao: 2,
          data_primeira_fatura: '2026-01-15',
        });
        if (r.statusCode !== 200) throw new Error(`follow: ${r.statusCode} ${r.body}`);
        u = { id: u.id, version: r.json().version };
      }
      return u;
    },
  };
  return h;
}

export { is4xx } from '../support/test-app.ts';
