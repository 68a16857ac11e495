-- The per-scope counters also by the unit's UF and concessionaire (issue 15): the list's UF and
-- concessionaire filters read their total off them instead of counting the requests ('' and 0 for none).
DELETE FROM "solicitacoes_contagem";--> statement-breakpoint
ALTER TABLE "solicitacoes_contagem" DROP CONSTRAINT "solicitacoes_contagem_fluxo_tipo_status_regional_id_empresa_pk";--> statement-breakpoint
ALTER TABLE "solicitacoes_contagem" ADD COLUMN "uf" char(2) NOT NULL;--> statement-breakpoint
ALTER TABLE "solicitacoes_contagem" ADD COLUMN "id_concessionaria" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "solicitacoes_contagem" ADD CONSTRAINT "solicitacoes_contagem_pk" PRIMARY KEY("fluxo","tipo","status","regional","id_empresa","uf","id_concessionaria");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "solicitacoes_contagem_ajusta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (OLD.fluxo, OLD.tipo, OLD.status, OLD.regional, OLD.id_empresa, OLD.uf, OLD.id_concessionaria)
      IS NOT DISTINCT FROM (NEW.fluxo, NEW.tipo, NEW.status, NEW.regional, NEW.id_empresa, NEW.uf, NEW.id_concessionaria) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "solicitacoes_contagem" SET "total" = "total" - 1
    WHERE "fluxo" = OLD.fluxo AND "tipo" = OLD.tipo AND "status" = OLD.status
      AND "regional" = coalesce(OLD.regional, 0) AND "id_empresa" = coalesce(OLD.id_empresa, 0)
      AND "uf" = coalesce(OLD.uf, '') AND "id_concessionaria" = coalesce(OLD.id_concessionaria, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "solicitacoes_contagem" AS c ("fluxo", "tipo", "status", "regional", "id_empresa", "uf", "id_concessionaria", "total")
    VALUES (NEW.fluxo, NEW.tipo, NEW.status, coalesce(NEW.regional, 0), coalesce(NEW.id_empresa, 0),
            coalesce(NEW.uf, ''), coalesce(NEW.id_concessionaria, 0), 1)
    ON CONFLICT ("fluxo", "tipo", "status", "regional", "id_empresa", "uf", "id_concessionaria")
    DO UPDATE SET "total" = c."total" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "solicitacoes_contagem_trigger" ON "solicitacoes";--> statement-breakpoint
CREATE TRIGGER "solicitacoes_contagem_trigger"
AFTER INSERT OR DELETE OR UPDATE OF "fluxo", "tipo", "status", "regional", "id_empresa", "uf", "id_concessionaria" ON "solicitacoes"
FOR EACH ROW EXECUTE FUNCTION "solicitacoes_contagem_ajusta"();--> statement-breakpoint
INSERT INTO "solicitacoes_contagem" ("fluxo", "tipo", "status", "regional", "id_empresa", "uf", "id_concessionaria", "total")
SELECT "fluxo", "tipo", "status", coalesce("regional", 0), coalesce("id_empresa", 0), coalesce("uf", ''),
       coalesce("id_concessionaria", 0), count(*)::int
FROM "solicitacoes" GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
-- Their pages: a UF or concessionaire with few requests is read off its own index, newest first; a
-- two-character search matches the start of the three ids (the site id's index, dropped in 0009, is back).
CREATE INDEX "solicitacoes_uf_pedido_idx" ON "solicitacoes" USING btree ("fluxo","tipo","uf","data_pedido" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "solicitacoes_concessionaria_pedido_idx" ON "solicitacoes" USING btree ("fluxo","tipo","id_concessionaria","data_pedido" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "solicitacoes_site_idx" ON "solicitacoes" USING btree (lower("site_id") text_pattern_ops);
