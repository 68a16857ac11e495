CREATE TABLE "solicitacoes_contagem" (
	"fluxo" varchar(10) NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"status" smallint NOT NULL,
	"regional" integer NOT NULL,
	"id_empresa" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "solicitacoes_contagem_fluxo_tipo_status_regional_id_empresa_pk" PRIMARY KEY("fluxo","tipo","status","regional","id_empresa")
);
--> statement-breakpoint
-- Every write of a request moves its count in the same transaction, whoever makes it.
CREATE FUNCTION "solicitacoes_contagem_ajusta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (OLD.fluxo, OLD.tipo, OLD.status, OLD.regional, OLD.id_empresa)
      IS NOT DISTINCT FROM (NEW.fluxo, NEW.tipo, NEW.status, NEW.regional, NEW.id_empresa) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "solicitacoes_contagem" SET "total" = "total" - 1
    WHERE "fluxo" = OLD.fluxo AND "tipo" = OLD.tipo AND "status" = OLD.status
      AND "regional" = coalesce(OLD.regional, 0) AND "id_empresa" = coalesce(OLD.id_empresa, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "solicitacoes_contagem" AS c ("fluxo", "tipo", "status", "regional", "id_empresa", "total")
    VALUES (NEW.fluxo, NEW.tipo, NEW.status, coalesce(NEW.regional, 0), coalesce(NEW.id_empresa, 0), 1)
    ON CONFLICT ("fluxo", "tipo", "status", "regional", "id_empresa") DO UPDATE SET "total" = c."total" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "solicitacoes_contagem_trigger"
AFTER INSERT OR DELETE OR UPDATE OF "fluxo", "tipo", "status", "regional", "id_empresa" ON "solicitacoes"
FOR EACH ROW EXECUTE FUNCTION "solicitacoes_contagem_ajusta"();--> statement-breakpoint
INSERT INTO "solicitacoes_contagem" ("fluxo", "tipo", "status", "regional", "id_empresa", "total")
SELECT "fluxo", "tipo", "status", coalesce("regional", 0), coalesce("id_empresa", 0), count(*)::int
FROM "solicitacoes" GROUP BY 1, 2, 3, 4, 5;
