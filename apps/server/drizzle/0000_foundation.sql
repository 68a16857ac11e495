CREATE TABLE "anexos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_solicitacao" integer NOT NULL,
	"tipo" varchar(30) NOT NULL,
	"nome_arquivo" varchar(255) NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"tamanho" integer NOT NULL,
	"mime" varchar(100) NOT NULL,
	"id_usuario" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_usuario" integer,
	"acao" varchar(60) NOT NULL,
	"entidade" varchar(60) NOT NULL,
	"entidade_id" varchar(60),
	"antes" jsonb,
	"depois" jsonb,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_provedor" (
	"id" serial PRIMARY KEY NOT NULL,
	"fluxo" varchar(10) NOT NULL,
	"uc" varchar(20) NOT NULL,
	"endereco_id" varchar(12),
	"rz_social" varchar(150) NOT NULL,
	"concessionaria" varchar(120),
	"endereco" varchar(120),
	"bairro" varchar(60),
	"cidade" varchar(60),
	"estado" char(2),
	"ativa" boolean DEFAULT true NOT NULL,
	"sge" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concessionarias" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(120) NOT NULL,
	"sigla" varchar(30) NOT NULL,
	"fluxo" varchar(10) NOT NULL,
	"ufs" text[] DEFAULT '{}'::text[] NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresas" (
	"id" serial PRIMARY KEY NOT NULL,
	"fluxo" varchar(10) DEFAULT 'energia' NOT NULL,
	"razao_social" varchar(150) NOT NULL,
	"cnpj" varchar(14) NOT NULL,
	"cidade" varchar(40),
	"cep" char(8),
	"email" varchar(200),
	"telefone" varchar(20),
	"status" boolean DEFAULT true NOT NULL,
	"cadastrado" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grupos" (
	"id" integer PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"papel" varchar(30) NOT NULL,
	"cadastro" boolean DEFAULT false NOT NULL,
	"cnpjs" boolean DEFAULT false NOT NULL,
	"relatorios" boolean DEFAULT false NOT NULL,
	"empresas" boolean DEFAULT false NOT NULL,
	"usuarios" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "historico_observacoes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_solicitacao" integer NOT NULL,
	"id_usuario" integer,
	"nome" varchar(120) NOT NULL,
	"obs" text NOT NULL,
	"data" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "historico_status" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_solicitacao" integer NOT NULL,
	"id_usuario" integer,
	"nome" varchar(120) NOT NULL,
	"status" smallint NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"token_hash" char(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "perfis" (
	"id" integer PRIMARY KEY NOT NULL,
	"nome" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regionais" (
	"id" serial PRIMARY KEY NOT NULL,
	"regional" varchar(10) NOT NULL,
	"gestor" varchar(120),
	"email_gestor" varchar(200),
	"nome_focal1" varchar(120),
	"focal1" varchar(200),
	"nome_focal2" varchar(120),
	"focal2" varchar(200),
	"nome_focal3" varchar(120),
	"focal3" varchar(200),
	"nome_focal4" varchar(120),
	"focal4" varchar(200),
	"cadastrado" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "regionais_regional_unique" UNIQUE("regional")
);
--> statement-breakpoint
CREATE TABLE "sessoes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"token_hash" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessoes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "solicitacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"fluxo" varchar(10) NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"status" smallint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"id_usuario" integer NOT NULL,
	"id_empresa" integer,
	"regional" integer,
	"endereco_id" varchar(12),
	"site_id" varchar(12),
	"tipo_de_loja" smallint,
	"cep" char(8),
	"uf" char(2),
	"municipio" varchar(40),
	"endereco" varchar(40),
	"numero" varchar(20),
	"bairro" varchar(30),
	"complemento" varchar(20),
	"cnpj_tim" varchar(14),
	"cnpj_solicitada" varchar(14),
	"id_concessionaria" integer,
	"unidade" varchar(20),
	"unidade_nova" varchar(20),
	"numero_medidor" varchar(12),
	"id_tensao" smallint,
	"tipo_site" smallint,
	"data_pedido" timestamp with time zone DEFAULT now() NOT NULL,
	"data_ativacao" date,
	"id_protocolo" smallint,
	"protocolo" varchar(40),
	"tipo_de_pagamento" smallint,
	"classe_tarifaria" smallint,
	"subclasse_tarifaria" smallint,
	"modalidade_tarifaria" varchar(2),
	"tensao_fornecimento" smallint,
	"mercado" smallint,
	"centro_custo" varchar(10),
	"conta_contabil" varchar(10),
	"numero_agrupamento" varchar(20),
	"diretoria" varchar(10),
	"smp" varchar(20),
	"nova_uc" varchar(20),
	"data_ligacao" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_rotulos" (
	"id" serial PRIMARY KEY NOT NULL,
	"fluxo" varchar(10) NOT NULL,
	"tipo" varchar(15) NOT NULL,
	"codigo" smallint NOT NULL,
	"rotulo" varchar(80) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_regionais" (
	"id_usuario" integer NOT NULL,
	"id_regional" integer NOT NULL,
	CONSTRAINT "usuario_regionais_id_usuario_id_regional_pk" PRIMARY KEY("id_usuario","id_regional")
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"email" varchar(200) NOT NULL,
	"password_hash" text NOT NULL,
	"id_empresa" integer,
	"id_grupo" integer NOT NULL,
	"id_perfil" integer NOT NULL,
	"id_regional" integer,
	"ativo" boolean DEFAULT true NOT NULL,
	"trocar_senha" smallint DEFAULT 0 NOT NULL,
	"telefone" varchar(20),
	"cnpj" varchar(14),
	"cadastrado" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anexos" ADD CONSTRAINT "anexos_id_solicitacao_solicitacoes_id_fk" FOREIGN KEY ("id_solicitacao") REFERENCES "public"."solicitacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anexos" ADD CONSTRAINT "anexos_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historico_observacoes" ADD CONSTRAINT "historico_observacoes_id_solicitacao_solicitacoes_id_fk" FOREIGN KEY ("id_solicitacao") REFERENCES "public"."solicitacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historico_observacoes" ADD CONSTRAINT "historico_observacoes_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historico_status" ADD CONSTRAINT "historico_status_id_solicitacao_solicitacoes_id_fk" FOREIGN KEY ("id_solicitacao") REFERENCES "public"."solicitacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historico_status" ADD CONSTRAINT "historico_status_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes" ADD CONSTRAINT "sessoes_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes" ADD CONSTRAINT "solicitacoes_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes" ADD CONSTRAINT "solicitacoes_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes" ADD CONSTRAINT "solicitacoes_regional_regionais_id_fk" FOREIGN KEY ("regional") REFERENCES "public"."regionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes" ADD CONSTRAINT "solicitacoes_id_concessionaria_concessionarias_id_fk" FOREIGN KEY ("id_concessionaria") REFERENCES "public"."concessionarias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_regionais" ADD CONSTRAINT "usuario_regionais_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_regionais" ADD CONSTRAINT "usuario_regionais_id_regional_regionais_id_fk" FOREIGN KEY ("id_regional") REFERENCES "public"."regionais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_id_grupo_grupos_id_fk" FOREIGN KEY ("id_grupo") REFERENCES "public"."grupos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_id_perfil_perfis_id_fk" FOREIGN KEY ("id_perfil") REFERENCES "public"."perfis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_id_regional_regionais_id_fk" FOREIGN KEY ("id_regional") REFERENCES "public"."regionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anexos_solicitacao_tipo_key" ON "anexos" USING btree ("id_solicitacao","tipo");--> statement-breakpoint
CREATE INDEX "audit_log_entidade_idx" ON "audit_log" USING btree ("entidade","entidade_id");--> statement-breakpoint
CREATE INDEX "base_provedor_uc_idx" ON "base_provedor" USING btree ("fluxo",lower("uc"));--> statement-breakpoint
CREATE INDEX "base_provedor_endereco_idx" ON "base_provedor" USING btree ("fluxo",lower("endereco_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "empresas_fluxo_cnpj_key" ON "empresas" USING btree ("fluxo","cnpj");--> statement-breakpoint
CREATE INDEX "historico_observacoes_solicitacao_idx" ON "historico_observacoes" USING btree ("id_solicitacao");--> statement-breakpoint
CREATE INDEX "historico_status_solicitacao_idx" ON "historico_status" USING btree ("id_solicitacao");--> statement-breakpoint
CREATE INDEX "sessoes_usuario_idx" ON "sessoes" USING btree ("id_usuario");--> statement-breakpoint
CREATE INDEX "solicitacoes_fluxo_tipo_status_idx" ON "solicitacoes" USING btree ("fluxo","tipo","status");--> statement-breakpoint
CREATE INDEX "solicitacoes_fluxo_tipo_pedido_idx" ON "solicitacoes" USING btree ("fluxo","tipo","data_pedido" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "solicitacoes_empresa_idx" ON "solicitacoes" USING btree ("id_empresa");--> statement-breakpoint
CREATE INDEX "solicitacoes_regional_idx" ON "solicitacoes" USING btree ("regional");--> statement-breakpoint
CREATE INDEX "solicitacoes_unidade_idx" ON "solicitacoes" USING btree (lower("unidade") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "solicitacoes_endereco_idx" ON "solicitacoes" USING btree (lower("endereco_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "solicitacoes_site_idx" ON "solicitacoes" USING btree (lower("site_id") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "status_rotulos_key" ON "status_rotulos" USING btree ("fluxo","tipo","codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_key" ON "usuarios" USING btree (lower("email"));