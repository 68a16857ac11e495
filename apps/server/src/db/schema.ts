import type {
  Flow,
  Kind,
  PostApprovalStage,
  RefusalMove,
  RegularizationFile,
  RequestFile,
  RoleKind,
  StatusLabelKind,
  ValidationResult,
  ValidationType,
} from '@portal/domain';
import { REASON_NAME_MAX, REASON_TEXT_MAX } from '@portal/domain';
import { POST_APPROVAL_MAX } from '@portal/domain/contracts/post-approval';
import type { AuditAction } from '../audit/actions.ts';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  type AnyPgColumn,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('cadastrado', { withTimezone: true }).notNull().defaultNow();

/**
 * A row's search document (issue 34): the migration's function (0017) over the columns a search
 * looks in, folded by `portal_dobra` (unaccent, lower). Its GIN trigram index and every query use
 * this one expression, so the planner recognizes the index.
 */
export const searchDocument = (
  fn: 'portal_busca_solicitacao' | 'portal_busca_regularizacao',
  columns: AnyPgColumn[],
) => sql`public.${sql.raw(fn)}(${sql.join(columns, sql`, `)})`;

/** The longest stored reason: the catalogue name, ': ' and the free text (reasonText). */
const REASON_STORED_MAX = REASON_NAME_MAX + 2 + REASON_TEXT_MAX;

/**
 * The reasons of refusal the administrator keeps per refusing move (issue 34 step 3; the moves
 * are the domain's REFUSAL_MOVES). Never deleted: a reason in use is deactivated, so the history
 * that names it stays readable.
 */
export const motivosRecusa = pgTable(
  'motivos_recusa',
  {
    id: serial('id').primaryKey(),
    movimento: varchar('movimento', { length: 40 }).$type<RefusalMove>().notNull(),
    nome: varchar('nome', { length: REASON_NAME_MAX }).notNull(),
    ativo: boolean('ativo').notNull().default(true),
    cadastrado: createdAt(),
    version: integer('version').notNull().default(1),
  },
  // One name per move, case and accents aside (portal_dobra, migration 0017): two administrators
  // adding 'FALTA DOCUMENTO' and 'Falta documento' at once cannot both succeed.
  (t) => [
    uniqueIndex('motivos_recusa_movimento_nome_key').on(t.movimento, sql`public.portal_dobra(${t.nome})`),
  ],
);

/** A status-history entry's reason: the catalogue entry and the text as shown then (reasonText). */
const refusalReasonColumns = () => ({
  idMotivoRecusa: integer('id_motivo_recusa').references((): AnyPgColumn => motivosRecusa.id),
  motivoRecusa: varchar('motivo_recusa', { length: REASON_STORED_MAX }),
});

/** The regional offices, with their manager, four focal points (spec part 2 §3 Regional) and UFs. */
export const regionais = pgTable('regionais', {
  id: serial('id').primaryKey(),
  regional: varchar('regional', { length: 10 }).notNull().unique(),
  gestor: varchar('gestor', { length: 120 }),
  emailGestor: varchar('email_gestor', { length: 200 }),
  nomeFocal1: varchar('nome_focal1', { length: 120 }),
  focal1: varchar('focal1', { length: 200 }),
  nomeFocal2: varchar('nome_focal2', { length: 120 }),
  focal2: varchar('focal2', { length: 200 }),
  nomeFocal3: varchar('nome_focal3', { length: 120 }),
  focal3: varchar('focal3', { length: 200 }),
  nomeFocal4: varchar('nome_focal4', { length: 120 }),
  focal4: varchar('focal4', { length: 200 }),
  /** The UFs whose requests it reviews (issue 30); none: it serves no request. */
  ufs: text('ufs')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  cadastrado: createdAt(),
  /** Bumped by every save; a save on a stale version is refused (GUIDE §3). */
  version: integer('version').notNull().default(1),
});

/** Enabled companies; energy and water keep separate lists (spec part 2 §2.7, agua/empresas/*). */
export const empresas = pgTable(
  'empresas',
  {
    id: serial('id').primaryKey(),
    fluxo: varchar('fluxo', { length: 10 }).$type<Flow>().notNull().default('energia'),
    razaoSocial: varchar('razao_social', { length: 150 }).notNull(),
    cnpj: varchar('cnpj', { length: 14 }).notNull(),
    cidade: varchar('cidade', { length: 40 }),
    cep: char('cep', { length: 8 }),
    email: varchar('email', { length: 200 }),
    telefone: varchar('telefone', { length: 20 }),
    status: boolean('status').notNull().default(true),
    cadastrado: createdAt(),
    /** Bumped by every save; a save on a stale version is refused (GUIDE §3). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('empresas_fluxo_cnpj_key').on(t.fluxo, t.cnpj)],
);

/**
 * Access groups: the id is the spec's group code; `papel` is the role kind the policy reads;
 * the flags drive the menu and the server's checks (GUIDE §3 Roles).
 */
export const grupos = pgTable('grupos', {
  id: integer('id').primaryKey(),
  nome: varchar('nome', { length: 80 }).notNull(),
  papel: varchar('papel', { length: 30 }).$type<RoleKind>().notNull(),
  cadastro: boolean('cadastro').notNull().default(false),
  cnpjs: boolean('cnpjs').notNull().default(false),
  relatorios: boolean('relatorios').notNull().default(false),
  empresas: boolean('empresas').notNull().default(false),
  usuarios: boolean('usuarios').notNull().default(false),
  /** Bumped by every save; a save on a stale version is refused (GUIDE §3). */
  version: integer('version').notNull().default(1),
});

export const perfis = pgTable('perfis', {
  id: integer('id').primaryKey(),
  nome: varchar('nome', { length: 60 }).notNull(),
});

export const usuarios = pgTable(
  'usuarios',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 200 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    idEmpresa: integer('id_empresa').references(() => empresas.id),
    idGrupo: integer('id_grupo')
      .notNull()
      .references(() => grupos.id),
    idPerfil: integer('id_perfil')
      .notNull()
      .references(() => perfis.id),
    idRegional: integer('id_regional').references(() => regionais.id),
    ativo: boolean('ativo').notNull().default(true),
    /** 0 forces a password change at the next sign-in (spec naming). */
    trocarSenha: smallint('trocar_senha').notNull().default(0),
    telefone: varchar('telefone', { length: 20 }),
    cnpj: varchar('cnpj', { length: 14 }),
    cadastrado: createdAt(),
    /** Bumped by every save; a save on a stale version is refused (GUIDE §3). */
    version: integer('version').notNull().default(1),
    /** The user's choice to receive status-change e-mails; the in-app notices come regardless. */
    recebeEmails: boolean('recebe_emails').notNull().default(true),
  },
  (t) => [
    uniqueIndex('usuarios_email_key').on(sql`lower(${t.email})`),
    // The lists' contains-search on the requester's name (pg_trgm, migration 0008).
    index('usuarios_nome_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** A user's regionals (a Regional user may cover several; Energy Efficiency covers all seven). */
export const usuarioRegionais = pgTable(
  'usuario_regionais',
  {
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    idRegional: integer('id_regional')
      .notNull()
      .references(() => regionais.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.idUsuario, t.idRegional] })],
);

export const concessionarias = pgTable('concessionarias', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 120 }).notNull(),
  sigla: varchar('sigla', { length: 30 }).notNull(),
  fluxo: varchar('fluxo', { length: 10 }).$type<Flow>().notNull(),
  ufs: text('ufs')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  ativo: boolean('ativo').notNull().default(true),
  /** Bumped by every save; a save on a stale version is refused (GUIDE §3). */
  version: integer('version').notNull().default(1),
});

/** Opaque bearer tokens; only their SHA-256 is stored, so a database leak yields no usable token. */
export const sessoes = pgTable(
  'sessoes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessoes_usuario_idx').on(t.idUsuario)],
);

export const passwordResets = pgTable('password_resets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idUsuario: integer('id_usuario')
    .notNull()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who did what, when, from what to what. Written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idUsuario: integer('id_usuario').references(() => usuarios.id, { onDelete: 'set null' }),
    acao: varchar('acao', { length: 60 }).$type<AuditAction>().notNull(),
    entidade: varchar('entidade', { length: 60 }).notNull(),
    entidadeId: varchar('entidade_id', { length: 60 }),
    antes: jsonb('antes'),
    depois: jsonb('depois'),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entidade_idx').on(t.entidade, t.entidadeId),
    // /logs filters by user, entity, action and period, newest first (by id, which follows time).
    index('audit_log_usuario_idx').on(t.idUsuario, t.id),
    index('audit_log_acao_idx').on(t.acao, t.id),
    index('audit_log_entidade_ordem_idx').on(t.entidade, t.id),
    // An entity and an action together (user creations, say) are rare at a million rows: neither
    // index alone finds them without reading hundreds of thousands of others.
    index('audit_log_entidade_acao_idx').on(t.entidade, t.acao, t.id),
    index('audit_log_data_idx').on(t.createdAt),
  ],
);

/**
 * One table for every request of the engine (GUIDE §3): `fluxo` energia|agua × `tipo` nova|troca.
 * Field names follow the spec's payload (part 1 §3) so the documented contract maps one to one.
 */
export const solicitacoes = pgTable(
  'solicitacoes',
  {
    id: serial('id').primaryKey(),
    fluxo: varchar('fluxo', { length: 10 }).$type<Flow>().notNull(),
    tipo: varchar('tipo', { length: 10 }).$type<Kind>().notNull(),
    status: smallint('status').notNull(),
    version: integer('version').notNull().default(1),
    /** Why the request was refused or returned, while it waits in that status (issue 34 step 3). */
    motivoRecusa: varchar('motivo_recusa', { length: REASON_STORED_MAX }),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuarios.id),
    idEmpresa: integer('id_empresa').references(() => empresas.id),
    /** The regional's id (API name `regional`, spec part 1 §3). */
    regional: integer('regional').references(() => regionais.id),
    enderecoId: varchar('endereco_id', { length: 12 }),
    siteId: varchar('site_id', { length: 12 }),
    tipoDeLoja: smallint('tipo_de_loja'),
    cep: char('cep', { length: 8 }),
    uf: char('uf', { length: 2 }),
    municipio: varchar('municipio', { length: 40 }),
    endereco: varchar('endereco', { length: 40 }),
    numero: varchar('numero', { length: 20 }),
    bairro: varchar('bairro', { length: 30 }),
    complemento: varchar('complemento', { length: 20 }),
    cnpjTim: varchar('cnpj_tim', { length: 14 }),
    cnpjSolicitada: varchar('cnpj_solicitada', { length: 14 }),
    idConcessionaria: integer('id_concessionaria').references(() => concessionarias.id),
    unidade: varchar('unidade', { length: 20 }),
    unidadeNova: varchar('unidade_nova', { length: 20 }),
    numeroMedidor: varchar('numero_medidor', { length: 12 }),
    idTensao: smallint('id_tensao'),
    tipoSite: smallint('tipo_site'),
    dataPedido: timestamp('data_pedido', { withTimezone: true }).notNull().defaultNow(),
    dataAtivacao: date('data_ativacao', { mode: 'string' }),
    idProtocolo: smallint('id_protocolo'),
    protocolo: varchar('protocolo', { length: 40 }),
    tipoDePagamento: smallint('tipo_de_pagamento'),
    classeTarifaria: smallint('classe_tarifaria'),
    subclasseTarifaria: smallint('subclasse_tarifaria'),
    modalidadeTarifaria: varchar('modalidade_tarifaria', { length: 2 }),
    tensaoFornecimento: smallint('tensao_fornecimento'),
    mercado: smallint('mercado'),
    centroCusto: varchar('centro_custo', { length: 10 }),
    contaContabil: varchar('conta_contabil', { length: 10 }),
    numeroAgrupamento: varchar('numero_agrupamento', { length: 20 }),
    diretoria: varchar('diretoria', { length: 10 }),
    smp: varchar('smp', { length: 20 }),
    novaUc: varchar('nova_uc', { length: 20 }),
    dataLigacao: date('data_ligacao', { mode: 'string' }),
    /**
     * After approval (docs/workflow.md 'Depois da aprovação'): the stage an energy new unit at
     * 8 'Inserida na Base' waits in, and since when. A trigger (migration 0006) opens stage 1
     * whenever the request enters 8 and clears both when it leaves, whoever writes the status.
     */
    posEtapa: smallint('pos_etapa').$type<PostApprovalStage>(),
    posEtapaDesde: timestamp('pos_etapa_desde', { withTimezone: true }),
    /** The first invoice, recorded while the unit is followed up (stage 3). */
    dataPrimeiraFatura: date('data_primeira_fatura', { mode: 'string' }),
    dataRecebimentoFatura: date('data_recebimento_fatura', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The search document (issue 34, migration 0017), kept by the database: a stored column, so a
     * search reads it (and its statistics) instead of folding every row it looks at again.
     */
    busca: text('busca').generatedAlwaysAs((): SQL =>
      searchDocument('portal_busca_solicitacao', requestSearchColumns(solicitacoes)),
    ),
  },
  (t) => [
    index('solicitacoes_fluxo_tipo_status_idx').on(t.fluxo, t.tipo, t.status),
    // The lists' default order (newest first) reads its first page straight off this index;
    // NULLS FIRST matches what ORDER BY … DESC means, or the planner would not use it.
    index('solicitacoes_fluxo_tipo_pedido_idx').on(
      t.fluxo,
      t.tipo,
      t.dataPedido.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('solicitacoes_empresa_idx').on(t.idEmpresa),
    // The quick search's requester branch: the matching users' requests (issue 15).
    index('solicitacoes_usuario_idx').on(t.idUsuario),
    // The lists sorted by their last update (issue 15), read off the index like data_pedido.
    index('solicitacoes_atualizado_idx').on(
      t.fluxo,
      t.tipo,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('solicitacoes_regional_idx').on(t.regional),
    // Each role's list (scope, status filter, newest first) reads its page straight off one of these.
    index('solicitacoes_regional_pedido_idx').on(
      t.fluxo,
      t.tipo,
      t.regional,
      t.dataPedido.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('solicitacoes_empresa_pedido_idx').on(
      t.fluxo,
      t.tipo,
      t.idEmpresa,
      t.dataPedido.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The dashboard's ages of open requests in a regional's or a company's scope (GET /api/home/painel):
    // status beside the scope, so the count reads the index alone.
    index('solicitacoes_regional_status_pedido_idx').on(t.fluxo, t.tipo, t.regional, t.status, t.dataPedido),
    index('solicitacoes_empresa_status_pedido_idx').on(t.fluxo, t.tipo, t.idEmpresa, t.status, t.dataPedido),
    index('solicitacoes_status_pedido_idx').on(
      t.fluxo,
      t.tipo,
      t.status,
      t.dataPedido.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The lists' UF and concessionaire filters, newest first: a UF or concessionaire with few
    // requests is found by its index, not by walking the whole form in date order.
    index('solicitacoes_uf_pedido_idx').on(
      t.fluxo,
      t.tipo,
      t.uf,
      t.dataPedido.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('solicitacoes_concessionaria_pedido_idx').on(
      t.fluxo,
      t.tipo,
      t.idConcessionaria,
      t.dataPedido.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Case-insensitive equality and prefix on the three ids: the duplicate checks, the
    // post-approval search and the lists' two-character search (longer ones use the trigram
    // indexes below).
    index('solicitacoes_unidade_idx').on(sql`lower(${t.unidade}) text_pattern_ops`),
    index('solicitacoes_endereco_idx').on(sql`lower(${t.enderecoId}) text_pattern_ops`),
    index('solicitacoes_site_idx').on(sql`lower(${t.siteId}) text_pattern_ops`),
    // The lists' contains-search ("Lote 14" finds "ERB Lote 14"): pg_trgm serves ILIKE '%…%'.
    index('solicitacoes_unidade_trgm_idx').using('gin', t.unidade.op('gin_trgm_ops')),
    index('solicitacoes_endereco_trgm_idx').using('gin', t.enderecoId.op('gin_trgm_ops')),
    index('solicitacoes_site_trgm_idx').using('gin', t.siteId.op('gin_trgm_ops')),
    // The search by anything (issue 34): every word of the text anywhere in the row's document.
    index('solicitacoes_busca_trgm_idx').using('gin', t.busca.op('gin_trgm_ops')),
    // The reports' search is exact on the postal code (spec part 2 §2.10).
    index('solicitacoes_cep_idx').on(t.fluxo, t.tipo, t.cep),
    // The post-approval lists (a few percent of the requests) read their page and total off this
    // one; its predicate names the form too, or the planner would also read the form's own index.
    index('solicitacoes_pos_etapa_idx')
      .on(t.posEtapa, t.posEtapaDesde, t.id)
      .where(sql`${t.posEtapa} is not null and ${t.fluxo} = 'energia' and ${t.tipo} = 'nova'`),
  ],
);

/**
 * How many requests there are per flow, kind, status, regional, company, UF and concessionaire
 * (0 or '' for none): the lists' totals and the dashboard are sums of a few of these rows, never a
 * count over the requests. A trigger on `solicitacoes` keeps it in the transaction of every write,
 * whoever makes it (migrations 0002 and 0013); `npm run contagens` recounts and reports any drift.
 */
export const solicitacoesContagem = pgTable(
  'solicitacoes_contagem',
  {
    fluxo: varchar('fluxo', { length: 10 }).$type<Flow>().notNull(),
    tipo: varchar('tipo', { length: 10 }).$type<Kind>().notNull(),
    status: smallint('status').notNull(),
    regional: integer('regional').notNull(),
    idEmpresa: integer('id_empresa').notNull(),
    /** The unit's UF and concessionaire ('' and 0 for none): the list's UF and concessionaire filters. */
    uf: char('uf', { length: 2 }).notNull(),
    idConcessionaria: integer('id_concessionaria').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'solicitacoes_contagem_pk',
      columns: [t.fluxo, t.tipo, t.status, t.regional, t.idEmpresa, t.uf, t.idConcessionaria],
    }),
  ],
);

/** Status history of a request: who moved it to which status, when. Written with the save. */
export const historicoStatus = pgTable(
  'historico_status',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idSolicitacao: integer('id_solicitacao')
      .notNull()
      .references(() => solicitacoes.id, { onDelete: 'cascade' }),
    idUsuario: integer('id_usuario').references(() => usuarios.id, { onDelete: 'set null' }),
    nome: varchar('nome', { length: 120 }).notNull(),
    status: smallint('status').notNull(),
    dataCadastro: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    ...refusalReasonColumns(),
  },
  (t) => [index('historico_status_solicitacao_idx').on(t.idSolicitacao)],
);

/** Observation history of a request (spec: nome, data, obs). */
export const historicoObservacoes = pgTable(
  'historico_observacoes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idSolicitacao: integer('id_solicitacao')
      .notNull()
      .references(() => solicitacoes.id, { onDelete: 'cascade' }),
    idUsuario: integer('id_usuario').references(() => usuarios.id, { onDelete: 'set null' }),
    nome: varchar('nome', { length: 120 }).notNull(),
    obs: text('obs').notNull(),
    data: timestamp('data', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('historico_observacoes_solicitacao_idx').on(t.idSolicitacao)],
);

/**
 * Each validation recorded after approval (issue 14): pre-validation (tipo 1) or final validation
 * (tipo 2), approved or not, by whom and when. Kept, not overwritten: a unit sent back and validated
 * again shows every round.
 */
export const validacoesUc = pgTable(
  'validacoes_uc',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idSolicitacao: integer('id_solicitacao')
      .notNull()
      .references(() => solicitacoes.id, { onDelete: 'cascade' }),
    tipo: smallint('tipo').$type<ValidationType>().notNull(),
    status: smallint('status').$type<ValidationResult>().notNull(),
    responsavel: varchar('responsavel', { length: POST_APPROVAL_MAX.responsavel }).notNull(),
    cargo: varchar('cargo', { length: POST_APPROVAL_MAX.cargo }).notNull(),
    identificacaoTim: varchar('identificacao_tim', { length: POST_APPROVAL_MAX.identificacao_tim }),
    elementoDeRede: varchar('elemento_de_rede', { length: POST_APPROVAL_MAX.elemento_de_rede }),
    tipologia: varchar('tipologia', { length: POST_APPROVAL_MAX.tipologia }),
    dataValidacao: date('data_validacao', { mode: 'string' }),
    chaveDebito: varchar('chave_debito', { length: POST_APPROVAL_MAX.chave_debito }),
    observacao: text('observacao'),
    idUsuario: integer('id_usuario').references(() => usuarios.id, { onDelete: 'set null' }),
    nome: varchar('nome', { length: 120 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('validacoes_uc_solicitacao_idx').on(t.idSolicitacao, t.id)],
);

/** The current file of each kind attached to a request; the bytes live in the storage backend. */
export const anexos = pgTable(
  'anexos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idSolicitacao: integer('id_solicitacao')
      .notNull()
      .references(() => solicitacoes.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 30 }).$type<RequestFile>().notNull(),
    nomeArquivo: varchar('nome_arquivo', { length: 255 }).notNull(),
    storageKey: varchar('storage_key', { length: 255 }).notNull(),
    tamanho: integer('tamanho').notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    idUsuario: integer('id_usuario').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('anexos_solicitacao_tipo_key').on(t.idSolicitacao, t.tipo)],
);

/**
 * The provider's (Xerox/AME) base of consumer units, consulted by the duplicate checks
 * (spec part 1 §3 Duplicate-check result: sge flag, UC, Rz_Social, Endereco, Bairro, Cidade, Estado, Status)
 * and replaced by each import of the provider's export on /conciliacao-da-base, keyed by unit and
 * concessionaire. `rzSocial` and `cnpjFatura` are the holder on the unit's invoice: the divergence
 * detection compares them with the client's CNPJ for the UF and the companies registered.
 */
export const baseProvedor = pgTable(
  'base_provedor',
  {
    id: serial('id').primaryKey(),
    fluxo: varchar('fluxo', { length: 10 }).$type<Flow>().notNull(),
    uc: varchar('uc', { length: 20 }).notNull(),
    enderecoId: varchar('endereco_id', { length: 12 }),
    siteId: varchar('site_id', { length: 12 }),
    rzSocial: varchar('rz_social', { length: 150 }).notNull(),
    cnpjFatura: varchar('cnpj_fatura', { length: 14 }),
    concessionaria: varchar('concessionaria', { length: 120 }).notNull().default(''),
    idConcessionaria: integer('id_concessionaria').references(() => concessionarias.id, {
      onDelete: 'set null',
    }),
    regional: integer('regional').references(() => regionais.id, { onDelete: 'set null' }),
    cep: char('cep', { length: 8 }),
    endereco: varchar('endereco', { length: 120 }),
    numero: varchar('numero', { length: 20 }),
    complemento: varchar('complemento', { length: 20 }),
    bairro: varchar('bairro', { length: 60 }),
    cidade: varchar('cidade', { length: 60 }),
    estado: char('estado', { length: 2 }),
    numeroMedidor: varchar('numero_medidor', { length: 12 }),
    tensao: varchar('tensao', { length: 40 }),
    urlFatura: varchar('url_fatura', { length: 500 }),
    ativa: boolean('ativa').notNull().default(true),
    /** Registered in the provider's billing system (SGE). */
    sge: boolean('sge').notNull().default(true),
    /** The import run that last wrote the row; null for rows seeded or kept from before imports. */
    idImportacao: integer('id_importacao').references(() => importacoesBase.id, { onDelete: 'set null' }),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  // Duplicate checks compare case-insensitively; an import upserts by unit and concessionaire.
  (t) => [
    index('base_provedor_uc_idx').on(t.fluxo, sql`lower(${t.uc})`),
    index('base_provedor_endereco_idx').on(t.fluxo, sql`lower(${t.enderecoId})`),
    uniqueIndex('base_provedor_unidade_concessionaria_key').on(
      t.fluxo,
      sql`lower(${t.uc})`,
      sql`lower(${t.concessionaria})`,
    ),
  ],
);

/**
 * One import of the provider's base export (/conciliacao-da-base): who sent which file, what it
 * did. Kept for every attempt, a failed one included, so the screen lists what happened.
 */
export const importacoesBase = pgTable('importacoes_base', {
  id: serial('id').primaryKey(),
  fluxo: varchar('fluxo', { length: 10 }).$type<Flow>().notNull(),
  idUsuario: integer('id_usuario').references(() => usuarios.id, { onDelete: 'set null' }),
  nomeArquivo: varchar('nome_arquivo', { length: 255 }).notNull(),
  /**
   * na-fila (file stored, waiting for the job queue) → recebendo (being read) → aplicando →
   * aplicada, or falhou (nothing applied; `erro` says why).
   */
  situacao: varchar('situacao', { length: 15 })
    .$type<'na-fila' | 'recebendo' | 'aplicando' | 'aplicada' | 'falhou'>()
    .notNull(),
  linhasLidas: integer('linhas_lidas').notNull().default(0),
  linhasAceitas: integer('linhas_aceitas').notNull().default(0),
  linhasRejeitadas: integer('linhas_rejeitadas').notNull().default(0),
  divergenciasAbertas: integer('divergencias_abertas').notNull().default(0),
  divergenciasFechadas: integer('divergencias_fechadas').notNull().default(0),
  erro: text('erro'),
  /** Storage key of the rejected rows with their reasons (csv), when any row was rejected. */
  rejeitadasKey: varchar('rejeitadas_key', { length: 255 }),
  /** Storage key of the uploaded file while the queue has not finished with it (issue 16). */
  arquivoKey: varchar('arquivo_key', { length: 255 }),
  iniciadaEm: timestamp('iniciada_em', { withTimezone: true }).notNull().defaultNow(),
  concluidaEm: timestamp('concluida_em', { withTimezone: true }),
});

/**
 * The accepted rows of an import while it is staged: applied to base_provedor in one transaction,
 * then deleted. A run that fails leaves base_provedor untouched.
 */
export const baseProvedorCarga = pgTable(
  'base_provedor_carga',
  {
    idImportacao: integer('id_importacao')
      .notNull()
      .references(() => importacoesBase.id, { onDelete: 'cascade' }),
    linha: integer('linha').notNull(),
    uc: varchar('uc', { length: 20 }).notNull(),
    enderecoId: varchar('endereco_id', { length: 12 }),
    siteId: varchar('site_id', { length: 12 }),
    rzSocial: varchar('rz_social', { length: 150 }).notNull(),
    cnpjFatura: varchar('cnpj_fatura', { length: 14 }),
    concessionaria: varchar('concessionaria', { length: 120 }).notNull(),
    idConcessionaria: integer('id_concessionaria'),
    regional: integer('regional'),
    cep: char('cep', { length: 8 }),
    endereco: varchar('endereco', { length: 120 }),
    numero: varchar('numero', { length: 20 }),
    complemento: varchar('complemento', { length: 20 }),
    bairro: varchar('bairro', { length: 60 }),
    cidade: varchar('cidade', { length: 60 }),
    estado: char('estado', { length: 2 }),
    numeroMedidor: varchar('numero_medidor', { length: 12 }),
    tensao: varchar('tensao', { length: 40 }),
    urlFatura: varchar('url_fatura', { length: 500 }),
    ativa: boolean('ativa').notNull(),
  },
  (t) => [primaryKey({ columns: [t.idImportacao, t.linha] })],
);

/**
 * /de-para: how the provider's export names things (a concessionaire, a regional, a voltage…)
 * translated into the portal's value before an import matches them.
 */
export const dePara = pgTable(
  'de_para',
  {
    id: serial('id').primaryKey(),
    tipo: varchar('tipo', { length: 30 }).notNull(),
    de: varchar('de', { length: 120 }).notNull(),
    para: varchar('para', { length: 120 }).notNull(),
    cadastrado: createdAt(),
    /** Bumped by every save; a save on a stale version is refused (GUIDE §3). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('de_para_tipo_de_key').on(t.tipo, sql`lower(${t.de})`)],
);

/**
 * Regularization of CNPJ / company name (spec part 2 §3 Regularization record, §4.4): a divergence
 * found by an import between a unit's invoice holder and who should hold it. `idCon` is the base
 * row that raised it and `idImportacao` the run (docs/decisions/provider-base-and-regularization.md, D-BASE-003). A null status is 0 'Divergente'.
 */
export const regularizacoes = pgTable(
  'regularizacoes',
  {
    id: serial('id').primaryKey(),
    fluxo: varchar('fluxo', { length: 10 }).$type<Flow>().notNull(),
    idCon: integer('id_con').references(() => baseProvedor.id, { onDelete: 'set null' }),
    idImportacao: integer('id_importacao').references(() => importacoesBase.id, { onDelete: 'set null' }),
    tipoDivergencia: smallint('tipo_divergencia').notNull(),
    status: smallint('status'),
    version: integer('version').notNull().default(1),
    unidade: varchar('unidade', { length: 20 }).notNull(),
    enderecoId: varchar('endereco_id', { length: 12 }),
    siteId: varchar('site_id', { length: 12 }),
    regional: integer('regional').references(() => regionais.id, { onDelete: 'set null' }),
    cep: char('cep', { length: 8 }),
    uf: char('uf', { length: 2 }),
    cidade: varchar('cidade', { length: 60 }),
    endereco: varchar('endereco', { length: 120 }),
    numero: varchar('numero', { length: 20 }),
    bairro: varchar('bairro', { length: 60 }),
    complemento: varchar('complemento', { length: 20 }),
    cnpjTim: varchar('cnpj_tim', { length: 14 }),
    /** The concessionaire as the base names it. */
    sigla: varchar('sigla', { length: 120 }),
    idConcessionaria: integer('id_concessionaria').references(() => concessionarias.id, {
      onDelete: 'set null',
    }),
    numeroMedidor: varchar('numero_medidor', { length: 12 }),
    tipoTensao: varchar('tipo_tensao', { length: 40 }),
    razaoSocialFatura: varchar('razao_social_fatura', { length: 150 }),
    cnpjFatura: varchar('cnpj_fatura', { length: 100 }),
    razaoSocialCorreta: varchar('razao_social_correta', { length: 80 }),
    cnpjCorreto: varchar('cnpj_correto', { length: 14 }),
    dataSolicitacao: date('data_solicitacao', { mode: 'string' }),
    previsaoSolicitacao: date('previsao_solicitacao', { mode: 'string' }),
    novaUnidade: varchar('nova_unidade', { length: 20 }),
    urlFatura: varchar('url_fatura', { length: 500 }),
    cadastrado: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The search document (issue 34, migration 0017), as the requests'. */
    busca: text('busca').generatedAlwaysAs((): SQL =>
      searchDocument('portal_busca_regularizacao', regularizationSearchColumns(regularizacoes)),
    ),
  },
  (t) => [
    index('regularizacoes_fluxo_status_idx').on(t.fluxo, t.status),
    // The list's quick search (a case-insensitive prefix of unit or address id) and its sort by unit.
    index('regularizacoes_unidade_idx').on(t.fluxo, sql`lower(${t.unidade}) text_pattern_ops`),
    index('regularizacoes_endereco_idx').on(t.fluxo, sql`lower(${t.enderecoId}) text_pattern_ops`),
    index('regularizacoes_unidade_ordem_idx').on(t.fluxo, t.unidade, t.id),
    // The status filter (a null status is 0) with the default order, newest first.
    index('regularizacoes_status_ordem_idx').on(t.fluxo, sql`coalesce(${t.status}, 0)`, t.id),
    index('regularizacoes_cep_idx').on(t.fluxo, t.cep),
    // The search by anything (issue 34), as the requests' document.
    index('regularizacoes_busca_trgm_idx').using('gin', t.busca.op('gin_trgm_ops')),
    // Nothing is opened twice for one unit while a record of it is still being worked (0–3).
    uniqueIndex('regularizacoes_aberta_key')
      .on(t.fluxo, sql`lower(${t.unidade})`)
      .where(sql`coalesce(${t.status}, 0) < 4`),
  ],
);

/** Status history of a regularization; `idUsuario` null is the system (an import closing it). */
export const regularizacaoStatus = pgTable(
  'regularizacao_status',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idRegularizacao: integer('id_regularizacao')
      .notNull()
      .references(() => regularizacoes.id, { onDelete: 'cascade' }),
    idUsuario: integer('id_usuario').references(() => usuarios.id, { onDelete: 'set null' }),
    nome: varchar('nome', { length: 120 }).notNull(),
    status: smallint('status').notNull(),
    dataCadastro: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    ...refusalReasonColumns(),
  },
  (t) => [index('regularizacao_status_idx').on(t.idRegularizacao)],
);

/** Observation history of a regularization (spec: nome, data, obs). */
export const regularizacaoObservacoes = pgTable(
  'regularizacao_observacoes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idRegularizacao: integer('id_regularizacao')
      .notNull()
      .references(() => regularizacoes.id, { onDelete: 'cascade' }),
    idUsuario: integer('id_usuario').references(() => usuarios.id, { onDelete: 'set null' }),
    nome: varchar('nome', { length: 120 }).notNull(),
    obs: text('obs').notNull(),
    data: timestamp('data', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('regularizacao_observacoes_idx').on(t.idRegularizacao)],
);

/** The current file of each kind (solicitacao, resposta, anexo) of a regularization. */
export const regularizacaoAnexos = pgTable(
  'regularizacao_anexos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idRegularizacao: integer('id_regularizacao')
      .notNull()
      .references(() => regularizacoes.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 30 }).$type<RegularizationFile>().notNull(),
    nomeArquivo: varchar('nome_arquivo', { length: 255 }).notNull(),
    storageKey: varchar('storage_key', { length: 255 }).notNull(),
    tamanho: integer('tamanho').notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    idUsuario: integer('id_usuario').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('regularizacao_anexos_tipo_key').on(t.idRegularizacao, t.tipo)],
);

/** Editable status labels per flow (codes and rules stay in the domain package). */
export const statusRotulos = pgTable(
  'status_rotulos',
  {
    id: serial('id').primaryKey(),
    fluxo: varchar('fluxo', { length: 10 }).$type<Flow>().notNull(),
    tipo: varchar('tipo', { length: 15 }).$type<StatusLabelKind>().notNull(),
    codigo: smallint('codigo').notNull(),
    rotulo: varchar('rotulo', { length: 80 }).notNull(),
    /** Bumped by every save; a save on a stale version is refused (GUIDE §3). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('status_rotulos_key').on(t.fluxo, t.tipo, t.codigo)],
);

/**
 * A notice to one user that a request changed status (issue 15): the bell in the top bar lists
 * them and counts the unread. Written in the transaction of the save that caused it.
 */
export const notificacoes = pgTable(
  'notificacoes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    idSolicitacao: integer('id_solicitacao').references(() => solicitacoes.id, { onDelete: 'cascade' }),
    titulo: varchar('titulo', { length: 200 }).notNull(),
    mensagem: text('mensagem').notNull(),
    /** The path inside the portal the notice opens (e.g. /uc-nova/editar/42). */
    link: varchar('link', { length: 255 }).notNull(),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    lidaEm: timestamp('lida_em', { withTimezone: true }),
  },
  (t) => [
    index('notificacoes_usuario_idx').on(t.idUsuario, t.id),
    index('notificacoes_nao_lidas_idx')
      .on(t.idUsuario)
      .where(sql`${t.lidaEm} is null`),
  ],
);

/**
 * Background work kept in the database (issue 15, e-mails; issue 16, the job queue): a task is
 * inserted in the transaction of the change that needs it, so it exists exactly when the change
 * committed, and a worker claims due tasks with FOR UPDATE SKIP LOCKED, retrying failures later.
 */
export const filaTarefas = pgTable(
  'fila_tarefas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tipo: varchar('tipo', { length: 60 }).notNull(),
    dados: jsonb('dados').notNull(),
    executarEm: timestamp('executar_em', { withTimezone: true }).notNull().defaultNow(),
    tentativas: integer('tentativas').notNull().default(0),
    ultimoErro: text('ultimo_erro'),
    concluidaEm: timestamp('concluida_em', { withTimezone: true }),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fila_tarefas_pendentes_idx')
      .on(t.executarEm, t.id)
      .where(sql`${t.concluidaEm} is null`),
  ],
);

/**
 * Sign-in and recovery attempt counters (auth/rate-limits.ts), kept here so every instance counts
 * against the same rows (issue 16). One row per limiter and key; `chave` is the SHA-256 of the key
 * (an IP address, an e-mail address, a user id), so no address is stored in clear
 * (a hash of a guessable value, not anonymous: the table is as private as the rest). A row whose
 * `expira_em` has passed counts as absent: the next attempt restarts it in place, and expired rows
 * are pruned.
 */
export const tentativas = pgTable(
  'tentativas',
  {
    escopo: varchar('escopo', { length: 40 }).notNull(),
    chave: char('chave', { length: 64 }).notNull(),
    contagem: integer('contagem').notNull(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.escopo, t.chave] }), index('tentativas_expira_idx').on(t.expiraEm)],
);

/**
 * A large export made by the job queue (issue 16): who asked for which list with which filters,
 * how far the file has been written, and where it is kept until it expires.
 */
export const exportacoes = pgTable(
  'exportacoes',
  {
    id: serial('id').primaryKey(),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    /** The list's export call under /api (its GET path), naming the rows and their columns. */
    origem: varchar('origem', { length: 80 }).notNull(),
    formato: varchar('formato', { length: 4 }).$type<'xlsx' | 'csv'>().notNull(),
    /** The list's filters as its export call takes them, checked when asked and again when run. */
    filtros: jsonb('filtros').notNull(),
    /** na-fila → gerando → pronta, or falhou (`erro` says why), or expirada (file removed). */
    situacao: varchar('situacao', { length: 10 })
      .$type<'na-fila' | 'gerando' | 'pronta' | 'falhou' | 'expirada'>()
      .notNull()
      .default('na-fila'),
    linhasTotal: integer('linhas_total'),
    linhasEscritas: integer('linhas_escritas').notNull().default(0),
    nomeArquivo: varchar('nome_arquivo', { length: 255 }),
    arquivoKey: varchar('arquivo_key', { length: 255 }),
    tamanho: bigint('tamanho', { mode: 'number' }),
    erro: text('erro'),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    concluidaEm: timestamp('concluida_em', { withTimezone: true }),
    expiraEm: timestamp('expira_em', { withTimezone: true }),
  },
  (t) => [
    index('exportacoes_usuario_idx').on(t.idUsuario, t.criadaEm),
    index('exportacoes_expira_idx')
      .on(t.expiraEm)
      .where(sql`${t.arquivoKey} is not null`),
  ],
);

/** The columns of a request's search document, in the order of the function's parameters (migration 0017). */
export function requestSearchColumns(t: unknown): AnyPgColumn[] {
  const c = t as Record<string, AnyPgColumn>;
  return [
    'unidade',
    'numeroMedidor',
    'enderecoId',
    'siteId',
    'protocolo',
    'unidadeNova',
    'novaUc',
    'cep',
    'municipio',
    'endereco',
    'numero',
    'bairro',
    'complemento',
    'cnpjTim',
    'cnpjSolicitada',
  ].map((k) => c[k]!);
}

/** The columns of a regularization's search document (migration 0017). */
export function regularizationSearchColumns(t: unknown): AnyPgColumn[] {
  const c = t as Record<string, AnyPgColumn>;
  return [
    'unidade',
    'numeroMedidor',
    'enderecoId',
    'siteId',
    'novaUnidade',
    'cep',
    'cidade',
    'endereco',
    'numero',
    'bairro',
    'complemento',
    'cnpjTim',
    'cnpjFatura',
    'cnpjCorreto',
    'razaoSocialFatura',
    'razaoSocialCorreta',
    'sigla',
  ].map((k) => c[k]!);
}

/**
 * A user's saved views of a request list (issue 34 step 5): name, filters, columns, sort and page
 * size. `lista` is the form's apiBase. At most one default per user and list (partial unique index);
 * names are unique per user and list whatever their case.
 */
export const visoesSalvas = pgTable(
  'visoes_salvas',
  {
    id: serial('id').primaryKey(),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    lista: varchar('lista', { length: 40 }).notNull(),
    nome: varchar('nome', { length: 60 }).notNull(),
    padrao: boolean('padrao').notNull().default(false),
    filtros: jsonb('filtros').$type<Record<string, unknown>>().notNull(),
    colunas: text('colunas').array().notNull(),
    ordem: varchar('ordem', { length: 40 }),
    sentido: varchar('sentido', { length: 4 }).$type<'asc' | 'desc'>().notNull().default('desc'),
    porPagina: smallint('por_pagina').notNull(),
    cadastrado: createdAt(),
    /** Bumped by every save; a save on a stale version is refused (GUIDE §3). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('visoes_salvas_usuario_lista_nome_key').on(t.idUsuario, t.lista, sql`lower(${t.nome})`),
    uniqueIndex('visoes_salvas_usuario_lista_padrao_key')
      .on(t.idUsuario, t.lista)
      .where(sql`${t.padrao}`),
  ],
);
