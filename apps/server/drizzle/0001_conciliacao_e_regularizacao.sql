CREATE TABLE "base_provedor_carga" (
	"id_importacao" integer NOT NULL,
	"linha" integer NOT NULL,
	"uc" varchar(20) NOT NULL,
	"endereco_id" varchar(12),
	"site_id" varchar(12),
	"rz_social" varchar(150) NOT NULL,
	"cnpj_fatura" varchar(14),
	"concessionaria" varchar(120) NOT NULL,
	"id_concessionaria" integer,
	"regional" integer,
	"cep" char(8),
	"endereco" varchar(120),
	"numero" varchar(20),
	"complemento" varchar(20),
	"bairro" varchar(60),
	"cidade" varchar(60),
	"estado" char(2),
	"numero_medidor" varchar(12),
	"tensao" varchar(40),
	"url_fatura" varchar(500),
	"ativa" boolean NOT NULL,
	CONSTRAINT "base_provedor_carga_id_importacao_linha_pk" PRIMARY KEY("id_importacao","linha")
);
--> statement-breakpoint
CREATE TABLE "de_para" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" varchar(30) NOT NULL,
	"de" varchar(120) NOT NULL,
	"para" varchar(120) NOT NULL,
	"cadastrado" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "importacoes_base" (
	"id" serial PRIMARY KEY NOT NULL,
	"fluxo" varchar(10) NOT NULL,
	"id_usuario" integer,
	"nome_arquivo" varchar(255) NOT NULL,
	"situacao" varchar(15) NOT NULL,
	"linhas_lidas" integer DEFAULT 0 NOT NULL,
	"linhas_aceitas" integer DEFAULT 0 NOT NULL,
	"linhas_rejeitadas" integer DEFAULT 0 NOT NULL,
	"divergencias_abertas" integer DEFAULT 0 NOT NULL,
	"divergencias_fechadas" integer DEFAULT 0 NOT NULL,
	"erro" text,
	"rejeitadas_key" varchar(255),
	"iniciada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluida_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "regularizacao_anexos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_regularizacao" integer NOT NULL,
	"tipo" varchar(30) NOT NULL,
	"nome_arquivo" varchar(255) NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"tamanho" integer NOT NULL,
	"mime" varchar(100) NOT NULL,
	"id_usuario" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regularizacao_observacoes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_regularizacao" integer NOT NULL,
	"id_usuario" integer,
	"nome" varchar(120) NOT NULL,
	"obs" text NOT NULL,
	"data" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regularizacao_status" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_regularizacao" integer NOT NULL,
	"id_usuario" integer,
	"nome" varchar(120) NOT NULL,
	"status" smallint NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regularizacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"fluxo" varchar(10) NOT NULL,
	"id_con" integer,
	"id_importacao" integer,
	"tipo_divergencia" smallint NOT NULL,
	"status" smallint,
	"version" integer DEFAULT 1 NOT NULL,
	"unidade" varchar(20) NOT NULL,
	"endereco_id" varchar(12),
	"site_id" varchar(12),
	"regional" integer,
	"cep" char(8),
	"uf" char(2),
	"cidade" varchar(60),
	"endereco" varchar(120),
	"numero" varchar(20),
	"bairro" varchar(60),
	"complemento" varchar(20),
	"cnpj_tim" varchar(14),
	"sigla" varchar(120),
	"id_concessionaria" integer,
	"numero_medidor" varchar(12),
	"tipo_tensao" varchar(40),
	"razao_social_fatura" varchar(150),
	"cnpj_fatura" varchar(100),
	"razao_social_correta" varchar(80),
	"cnpj_correto" varchar(14),
	"data_solicitacao" date,
	"previsao_solicitacao" date,
	"nova_unidade" varchar(20),
	"url_fatura" varchar(500),
	"cadastrado" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
UPDATE "base_provedor" SET "concessionaria" = '' WHERE "concessionaria" IS NULL;--> statement-breakpoint
ALTER TABLE "base_provedor" ALTER COLUMN "concessionaria" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "base_provedor" ALTER COLUMN "concessionaria" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "base_provedor" ADD COLUMN "site_id" varchar(12);--> statement-breakpoint
ALTER TABLE "base_provedor" ADD COLUMN "cnpj_fatura" varchar(14);--> statement-breakpoint
ALTER TABLE "base_provedor" ADD COLUMN "id_concessionaria" integer;--> statement-breakpoint
ALTER TABLE "base_provedor" ADD COLUMN "regional" integer;--> statement-breakpoint
ALTER TABLE "base_provedor" ADD COLUMN "cep" char(8);--> statement-breakpoint
ALTER TABLE "base_provedor" ADD COLUMN "numero" varchar(20);--> statement-breakpoint
ALTER TABLE "base_provedor" ADD COLUMN "complemento" varchar(20);--> statement-breakpoint
ALTER TABLE "base_provedor" ADD COLUMN "numero_medidor" varchar(12);--> statement-breakpoint
ALTER TABLE "base_provedor" ADD COLUMN "tensao" varchar(40);--> statement-breakpoint
ALTER TABLE "base_provedor" ADD COLUMN "url_fatura" varchar(500);--> statement-breakpoint
ALTER TABLE "base_provedor" ADD COLUMN "id_importacao" integer;--> statement-breakpoint
ALTER TABLE "base_provedor" ADD COLUMN "atualizado_em" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "base_provedor_carga" ADD CONSTRAINT "base_provedor_carga_id_importacao_importacoes_base_id_fk" FOREIGN KEY ("id_importacao") REFERENCES "public"."importacoes_base"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes_base" ADD CONSTRAINT "importacoes_base_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularizacao_anexos" ADD CONSTRAINT "regularizacao_anexos_id_regularizacao_regularizacoes_id_fk" FOREIGN KEY ("id_regularizacao") REFERENCES "public"."regularizacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularizacao_anexos" ADD CONSTRAINT "regularizacao_anexos_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularizacao_observacoes" ADD CONSTRAINT "regularizacao_observacoes_id_regularizacao_regularizacoes_id_fk" FOREIGN KEY ("id_regularizacao") REFERENCES "public"."regularizacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularizacao_observacoes" ADD CONSTRAINT "regularizacao_observacoes_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularizacao_status" ADD CONSTRAINT "regularizacao_status_id_regularizacao_regularizacoes_id_fk" FOREIGN KEY ("id_regularizacao") REFERENCES "public"."regularizacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularizacao_status" ADD CONSTRAINT "regularizacao_status_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularizacoes" ADD CONSTRAINT "regularizacoes_id_con_base_provedor_id_fk" FOREIGN KEY ("id_con") REFERENCES "public"."base_provedor"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularizacoes" ADD CONSTRAINT "regularizacoes_id_importacao_importacoes_base_id_fk" FOREIGN KEY ("id_importacao") REFERENCES "public"."importacoes_base"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularizacoes" ADD CONSTRAINT "regularizacoes_regional_regionais_id_fk" FOREIGN KEY ("regional") REFERENCES "public"."regionais"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularizacoes" ADD CONSTRAINT "regularizacoes_id_concessionaria_concessionarias_id_fk" FOREIGN KEY ("id_concessionaria") REFERENCES "public"."concessionarias"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "de_para_tipo_de_key" ON "de_para" USING btree ("tipo",lower("de"));--> statement-breakpoint
CREATE UNIQUE INDEX "regularizacao_anexos_tipo_key" ON "regularizacao_anexos" USING btree ("id_regularizacao","tipo");--> statement-breakpoint
CREATE INDEX "regularizacao_observacoes_idx" ON "regularizacao_observacoes" USING btree ("id_regularizacao");--> statement-breakpoint
CREATE INDEX "regularizacao_status_idx" ON "regularizacao_status" USING btree ("id_regularizacao");--> statement-breakpoint
CREATE INDEX "regularizacoes_fluxo_status_idx" ON "regularizacoes" USING btree ("fluxo","status");--> statement-breakpoint
CREATE UNIQUE INDEX "regularizacoes_aberta_key" ON "regularizacoes" USING btree ("fluxo",lower("unidade")) WHERE coalesce("regularizacoes"."status", 0) < 4;--> statement-breakpoint
ALTER TABLE "base_provedor" ADD CONSTRAINT "base_provedor_id_concessionaria_concessionarias_id_fk" FOREIGN KEY ("id_concessionaria") REFERENCES "public"."concessionarias"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_provedor" ADD CONSTRAINT "base_provedor_regional_regionais_id_fk" FOREIGN KEY ("regional") REFERENCES "public"."regionais"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_provedor" ADD CONSTRAINT "base_provedor_id_importacao_importacoes_base_id_fk" FOREIGN KEY ("id_importacao") REFERENCES "public"."importacoes_base"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- An import upserts by unit and concessionaire: a base that listed one twice keeps its newest row.
DELETE FROM "base_provedor" a USING "base_provedor" b WHERE a."fluxo" = b."fluxo" AND lower(a."uc") = lower(b."uc") AND lower(a."concessionaria") = lower(b."concessionaria") AND a."id" < b."id";--> statement-breakpoint
CREATE UNIQUE INDEX "base_provedor_unidade_concessionaria_key" ON "base_provedor" USING btree ("fluxo",lower("uc"),lower("concessionaria"));