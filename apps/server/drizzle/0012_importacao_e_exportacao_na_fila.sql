-- Imports and large exports through the job queue (issue 16): the upload kept until the queue applies it; each export's request, progress and file.
CREATE TABLE "exportacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"origem" varchar(80) NOT NULL,
	"formato" varchar(4) NOT NULL,
	"filtros" jsonb NOT NULL,
	"situacao" varchar(10) DEFAULT 'na-fila' NOT NULL,
	"linhas_total" integer,
	"linhas_escritas" integer DEFAULT 0 NOT NULL,
	"nome_arquivo" varchar(255),
	"arquivo_key" varchar(255),
	"tamanho" bigint,
	"erro" text,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluida_em" timestamp with time zone,
	"expira_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "importacoes_base" ADD COLUMN "arquivo_key" varchar(255);--> statement-breakpoint
ALTER TABLE "exportacoes" ADD CONSTRAINT "exportacoes_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exportacoes_usuario_idx" ON "exportacoes" USING btree ("id_usuario","criada_em");--> statement-breakpoint
CREATE INDEX "exportacoes_expira_idx" ON "exportacoes" USING btree ("expira_em") WHERE "exportacoes"."arquivo_key" is not null;