-- The lists' contains-search (issue 15); PGlite loads the same extension (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "fila_tarefas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tipo" varchar(60) NOT NULL,
	"dados" jsonb NOT NULL,
	"executar_em" timestamp with time zone DEFAULT now() NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"ultimo_erro" text,
	"concluida_em" timestamp with time zone,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificacoes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"id_solicitacao" integer,
	"titulo" varchar(200) NOT NULL,
	"mensagem" text NOT NULL,
	"link" varchar(255) NOT NULL,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"lida_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "recebe_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_id_solicitacao_solicitacoes_id_fk" FOREIGN KEY ("id_solicitacao") REFERENCES "public"."solicitacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fila_tarefas_pendentes_idx" ON "fila_tarefas" USING btree ("executar_em","id") WHERE "fila_tarefas"."concluida_em" is null;--> statement-breakpoint
CREATE INDEX "notificacoes_usuario_idx" ON "notificacoes" USING btree ("id_usuario","id");--> statement-breakpoint
CREATE INDEX "notificacoes_nao_lidas_idx" ON "notificacoes" USING btree ("id_usuario") WHERE "notificacoes"."lida_em" is null;--> statement-breakpoint
CREATE INDEX "solicitacoes_unidade_trgm_idx" ON "solicitacoes" USING gin ("unidade" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "solicitacoes_endereco_trgm_idx" ON "solicitacoes" USING gin ("endereco_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "solicitacoes_site_trgm_idx" ON "solicitacoes" USING gin ("site_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "usuarios_nome_trgm_idx" ON "usuarios" USING gin ("name" gin_trgm_ops);