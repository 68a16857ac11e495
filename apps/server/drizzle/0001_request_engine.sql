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
CREATE TABLE "status_rotulos" (
	"id" serial PRIMARY KEY NOT NULL,
	"fluxo" varchar(10) NOT NULL,
	"tipo" varchar(15) NOT NULL,
	"codigo" smallint NOT NULL,
	"rotulo" varchar(80) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anexos" ADD CONSTRAINT "anexos_id_solicitacao_solicitacoes_id_fk" FOREIGN KEY ("id_solicitacao") REFERENCES "public"."solicitacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anexos" ADD CONSTRAINT "anexos_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historico_observacoes" ADD CONSTRAINT "historico_observacoes_id_solicitacao_solicitacoes_id_fk" FOREIGN KEY ("id_solicitacao") REFERENCES "public"."solicitacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historico_observacoes" ADD CONSTRAINT "historico_observacoes_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historico_status" ADD CONSTRAINT "historico_status_id_solicitacao_solicitacoes_id_fk" FOREIGN KEY ("id_solicitacao") REFERENCES "public"."solicitacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historico_status" ADD CONSTRAINT "historico_status_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anexos_solicitacao_tipo_key" ON "anexos" USING btree ("id_solicitacao","tipo");--> statement-breakpoint
CREATE INDEX "base_provedor_uc_idx" ON "base_provedor" USING btree ("fluxo","uc");--> statement-breakpoint
CREATE INDEX "base_provedor_endereco_idx" ON "base_provedor" USING btree ("fluxo","endereco_id");--> statement-breakpoint
CREATE INDEX "historico_observacoes_solicitacao_idx" ON "historico_observacoes" USING btree ("id_solicitacao");--> statement-breakpoint
CREATE INDEX "historico_status_solicitacao_idx" ON "historico_status" USING btree ("id_solicitacao");--> statement-breakpoint
CREATE UNIQUE INDEX "status_rotulos_key" ON "status_rotulos" USING btree ("fluxo","tipo","codigo");