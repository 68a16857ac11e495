-- Attempt counters shared by every instance (issue 16): one row per limiter and hashed key.
CREATE TABLE "tentativas" (
	"escopo" varchar(40) NOT NULL,
	"chave" char(64) NOT NULL,
	"contagem" integer NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	CONSTRAINT "tentativas_escopo_chave_pk" PRIMARY KEY("escopo","chave")
);
--> statement-breakpoint
CREATE INDEX "tentativas_expira_idx" ON "tentativas" USING btree ("expira_em");