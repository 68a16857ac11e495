CREATE TABLE "validacoes_uc" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_solicitacao" integer NOT NULL,
	"tipo" smallint NOT NULL,
	"status" smallint NOT NULL,
	"responsavel" varchar(80) NOT NULL,
	"cargo" varchar(60) NOT NULL,
	"identificacao_tim" varchar(30),
	"elemento_de_rede" varchar(40),
	"tipologia" varchar(40),
	"data_validacao" date,
	"chave_debito" varchar(30),
	"observacao" text,
	"id_usuario" integer,
	"nome" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "solicitacoes" ADD COLUMN "pos_etapa" smallint;--> statement-breakpoint
ALTER TABLE "solicitacoes" ADD COLUMN "pos_etapa_desde" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "solicitacoes" ADD COLUMN "data_primeira_fatura" date;--> statement-breakpoint
ALTER TABLE "solicitacoes" ADD COLUMN "data_recebimento_fatura" date;--> statement-breakpoint
ALTER TABLE "validacoes_uc" ADD CONSTRAINT "validacoes_uc_id_solicitacao_solicitacoes_id_fk" FOREIGN KEY ("id_solicitacao") REFERENCES "public"."solicitacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validacoes_uc" ADD CONSTRAINT "validacoes_uc_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "validacoes_uc_solicitacao_idx" ON "validacoes_uc" USING btree ("id_solicitacao","id");--> statement-breakpoint
CREATE INDEX "audit_log_usuario_idx" ON "audit_log" USING btree ("id_usuario","id");--> statement-breakpoint
CREATE INDEX "audit_log_acao_idx" ON "audit_log" USING btree ("acao","id");--> statement-breakpoint
CREATE INDEX "audit_log_entidade_ordem_idx" ON "audit_log" USING btree ("entidade","id");--> statement-breakpoint
CREATE INDEX "audit_log_data_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "solicitacoes_pos_etapa_idx" ON "solicitacoes" USING btree ("pos_etapa","pos_etapa_desde","id") WHERE "solicitacoes"."pos_etapa" is not null;--> statement-breakpoint
-- After approval (docs/workflow.md 'Depois da aprovação'): an energy new unit entering 8 'Inserida
-- na Base Xerox/AME' waits for its pre-validation (stage 1); leaving 8 ends its stages. Whoever
-- writes the status (a save, the base confirmation, an import), the stage follows it.
CREATE FUNCTION "solicitacoes_pos_aprovacao"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 8 AND NEW.fluxo = 'energia' AND NEW.tipo = 'nova' THEN
    IF TG_OP = 'INSERT' OR OLD.status <> 8 THEN
      NEW.pos_etapa := 1;
      NEW.pos_etapa_desde := now();
    END IF;
  ELSE
    NEW.pos_etapa := NULL;
    NEW.pos_etapa_desde := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "solicitacoes_pos_aprovacao_trigger"
BEFORE INSERT OR UPDATE OF "status", "fluxo", "tipo" ON "solicitacoes"
FOR EACH ROW EXECUTE FUNCTION "solicitacoes_pos_aprovacao"();--> statement-breakpoint
-- The units already at 8 wait for their pre-validation since they got there.
UPDATE "solicitacoes" s SET "pos_etapa" = 1, "pos_etapa_desde" = coalesce((
  SELECT max(h."data_cadastro") FROM "historico_status" h WHERE h."id_solicitacao" = s."id" AND h."status" = 8
), s."updated_at")
WHERE s."status" = 8 AND s."fluxo" = 'energia' AND s."tipo" = 'nova';
