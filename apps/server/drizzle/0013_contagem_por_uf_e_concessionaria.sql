-- The per-scope counters also by the unit's UF and concessionaire (issue 15): the list's UF and
-- concessionaire filters read their total off them instead of counting the requests ('' and 0 for none).
DELETE FROM "solicitacoes_contagem";--> statement-breakpoint
ALTER TABLE "solicitacoes_contagem" DROP CONSTRAINT "solicitacoes_contagem_fluxo_tipo_status_regional_id_empresa_pk";--> statement-breakpoint
ALTER TABLE "solicitacoes_contagem" ADD COLUMN "uf" char(2) NOT NULL;--> statement-breakpoint
ALTER TABLE "solicitacoes_contagem" ADD COLUMN "id_concessionaria" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "solicitacoes_contagem" ADD CONSTRAINT "solicitacoes_contagem_pk" PRIMARY KEY("fluxo","tipo","status","regional","id_empresa","uf","id_concessionaria");--> statement-breakpoint
-- Adds `delta` to one counter row (created at its first request).
CREATE FUNCTION "solicitacoes_contagem_soma"(
  p_fluxo varchar, p_tipo varchar, p_status smallint, p_regional integer, p_empresa integer,
  p_uf char(2), p_concessionaria integer, delta integer
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "solicitacoes_contagem" AS c ("fluxo", "tipo", "status", "regional", "id_empresa", "uf", "id_concessionaria", "total")
  VALUES (p_fluxo, p_tipo, p_status, coalesce(p_regional, 0), coalesce(p_empresa, 0), coalesce(p_uf, ''),
          coalesce(p_concessionaria, 0), delta)
  ON CONFLICT ("fluxo", "tipo", "status", "regional", "id_empresa", "uf", "id_concessionaria")
  DO UPDATE SET "total" = c."total" + delta;
END
$$;--> statement-breakpoint
-- Every write of a request moves its count in the same transaction, whoever makes it. A move takes
-- its two counter rows in key order: two saves moving requests in opposite directions (SP → RJ and
-- RJ → SP) would otherwise each hold one row and wait for the other's, a deadlock.
CREATE OR REPLACE FUNCTION "solicitacoes_contagem_ajusta"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_first boolean;
BEGIN
  IF TG_OP = 'UPDATE'
    AND (OLD.fluxo, OLD.tipo, OLD.status, OLD.regional, OLD.id_empresa, OLD.uf, OLD.id_concessionaria)
      IS NOT DISTINCT FROM (NEW.fluxo, NEW.tipo, NEW.status, NEW.regional, NEW.id_empresa, NEW.uf, NEW.id_concessionaria) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM "solicitacoes_contagem_soma"(NEW.fluxo, NEW.tipo, NEW.status, NEW.regional, NEW.id_empresa, NEW.uf, NEW.id_concessionaria, 1);
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM "solicitacoes_contagem_soma"(OLD.fluxo, OLD.tipo, OLD.status, OLD.regional, OLD.id_empresa, OLD.uf, OLD.id_concessionaria, -1);
    RETURN NULL;
  END IF;
  old_first := (OLD.fluxo, OLD.tipo, OLD.status, coalesce(OLD.regional, 0), coalesce(OLD.id_empresa, 0),
                coalesce(OLD.uf, ''), coalesce(OLD.id_concessionaria, 0))
             < (NEW.fluxo, NEW.tipo, NEW.status, coalesce(NEW.regional, 0), coalesce(NEW.id_empresa, 0),
                coalesce(NEW.uf, ''), coalesce(NEW.id_concessionaria, 0));
  IF old_first THEN
    PERFORM "solicitacoes_contagem_soma"(OLD.fluxo, OLD.tipo, OLD.status, OLD.regional, OLD.id_empresa, OLD.uf, OLD.id_concessionaria, -1);
  END IF;
  PERFORM "solicitacoes_contagem_soma"(NEW.fluxo, NEW.tipo, NEW.status, NEW.regional, NEW.id_empresa, NEW.uf, NEW.id_concessionaria, 1);
  IF NOT old_first THEN
    PERFORM "solicitacoes_contagem_soma"(OLD.fluxo, OLD.tipo, OLD.status, OLD.regional, OLD.id_empresa, OLD.uf, OLD.id_concessionaria, -1);
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
