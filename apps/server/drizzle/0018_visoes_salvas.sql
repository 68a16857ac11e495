CREATE TABLE "visoes_salvas" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"lista" varchar(40) NOT NULL,
	"nome" varchar(60) NOT NULL,
	"padrao" boolean DEFAULT false NOT NULL,
	"filtros" jsonb NOT NULL,
	"colunas" text[] NOT NULL,
	"ordem" varchar(40),
	"sentido" varchar(4) DEFAULT 'desc' NOT NULL,
	"por_pagina" smallint NOT NULL,
	"cadastrado" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visoes_salvas" ADD CONSTRAINT "visoes_salvas_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visoes_salvas_usuario_lista_nome_key" ON "visoes_salvas" USING btree ("id_usuario","lista",lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "visoes_salvas_usuario_lista_padrao_key" ON "visoes_salvas" USING btree ("id_usuario","lista") WHERE "visoes_salvas"."padrao";