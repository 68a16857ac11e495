-- Issue 30, GUIDE §7: identifiers (unit, meter, address and site ids, matrícula/RGI, protocol) are stored
-- in one spelling, as packages/domain/src/validators/identifier.ts writes them: compatibility forms folded
-- (NFKD), upper case, combining marks and invisible format characters dropped, whitespace runs made one
-- space. This brings the rows stored before it to that spelling, so the duplicate checks and the
-- provider-base matches compare like with like.
--
-- A value is left as it is, and reported, when its new spelling
--   * would make it equal to another row it differs from today — a request in the workflow (same form,
--     neither refused), an open regularization of the flow, a unit of the base of the same flow and
--     concessionaire — which would create a duplicate (or break a unique index), or
--   * holds characters an identifier may not (another script's digits, '#', '_'…) or would no longer fit
--     its column: such a value is reported even when folding does not change it, since the next save
--     that changes it will be refused until it is corrected.
-- Each such value is one row of audit_log, action 'normalizar-identificador' ("Identificador mantido sem
-- normalizar" on the Logs de Ações screen, user "Sistema"): before, the value as stored; after, the
-- spelling it would have had and why it was kept. A NOTICE also gives the count to whoever runs the
-- migration by hand. The operator corrects those records; the save refuses no record for them, since an
-- identifier sent back as its stored value once normalised counts as unchanged (save-request.ts).
--
-- SQL has no \p{M}: the marks dropped here are the blocks that decorate Latin, Greek and Cyrillic letters
-- and digits, and the format characters people paste. Whatever else stays is outside the allowed
-- characters, so it is reported, never folded differently from the application.
CREATE FUNCTION "identificador_normalizado"("valor" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT btrim(regexp_replace(regexp_replace(
    normalize(upper(normalize("valor", NFKD)), NFKD),
    '[\u00AD\u0300-\u036F\u061C\u180E\u1AB0-\u1AFF\u1DC0-\u1DFF\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u20D0-\u20FF\uFE20-\uFE2F\uFEFF]',
    '', 'g'), '\s+', ' ', 'g'))
$$;
--> statement-breakpoint
-- One column of one table. `grupo` is what a duplicate shares (an expression over the row), `vigente` which
-- rows take part in duplicates at all ('false' for a column no check compares), `entidade` the audit
-- entity of the row.
CREATE FUNCTION "normaliza_identificadores"(
  "tabela" text, "coluna" text, "maximo" integer, "grupo" text, "vigente" text, "entidade" text
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($sql$
    WITH "alvo" AS (
      SELECT "id", %2$I AS "valor", "identificador_normalizado"(%2$I) AS "novo", (%4$s) AS "grupo",
             (%5$s) AS "vigente", (%6$s) AS "entidade"
      FROM %1$I WHERE %2$I IS NOT NULL
    ),
    "conflito" AS (
      SELECT "grupo", lower("novo") AS "chave" FROM "alvo" WHERE "vigente"
      GROUP BY 1, 2 HAVING count(DISTINCT lower("valor")) > 1
    ),
    "mantido" AS (
      SELECT a."id", a."valor", a."novo", a."entidade",
             CASE WHEN a."novo" ~ '^[A-Z0-9 ./-]+$' AND length(a."novo") <= %3$s
               THEN 'Duplicaria outro registro; corrija um dos dois.'
               ELSE 'Tem caracteres que um identificador não usa, ou passaria do tamanho; corrija o valor.'
             END AS "motivo"
      FROM "alvo" a
      WHERE a."novo" !~ '^[A-Z0-9 ./-]+$' OR length(a."novo") > %3$s
        OR (a."novo" <> a."valor" AND a."vigente" AND EXISTS (
          SELECT 1 FROM "conflito" c WHERE c."grupo" = a."grupo" AND c."chave" = lower(a."novo")))
    ),
    "relato" AS (
      INSERT INTO "audit_log" ("id_usuario", "acao", "entidade", "entidade_id", "antes", "depois")
      SELECT NULL, 'normalizar-identificador', "entidade", "id"::text,
             jsonb_build_object(%7$L, "valor"), jsonb_build_object(%7$L, "novo", 'motivo', "motivo")
      FROM "mantido"
    )
    UPDATE %1$I t SET %2$I = a."novo" FROM "alvo" a
    WHERE t."id" = a."id" AND a."novo" IS DISTINCT FROM a."valor"
      AND NOT EXISTS (SELECT 1 FROM "mantido" m WHERE m."id" = a."id")
  $sql$, "tabela", "coluna", "maximo", "grupo", "vigente", "entidade", "coluna");
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  "pedido" text := $e$'solicitacao.' || "fluxo" || '.' || "tipo"$e$;
  "regularizacao" text := $e$'regularizacao.' || "fluxo"$e$;
  -- A refused request (3, 6, 15) is no duplicate of anything (find-duplicates.ts).
  "em_andamento" text := $e$"status" NOT IN (3, 6, 15)$e$;
  "mantidos" integer;
BEGIN
  PERFORM "normaliza_identificadores"('solicitacoes', 'unidade', 20, $e$"fluxo" || '.' || "tipo"$e$, "em_andamento", "pedido");
  PERFORM "normaliza_identificadores"('solicitacoes', 'endereco_id', 12, $e$"fluxo" || '.' || "tipo"$e$, "em_andamento", "pedido");
  PERFORM "normaliza_identificadores"('solicitacoes', 'site_id', 12, 'null', 'false', "pedido");
  PERFORM "normaliza_identificadores"('solicitacoes', 'numero_medidor', 12, 'null', 'false', "pedido");
  PERFORM "normaliza_identificadores"('solicitacoes', 'protocolo', 40, 'null', 'false', "pedido");
  PERFORM "normaliza_identificadores"('solicitacoes', 'unidade_nova', 20, 'null', 'false', "pedido");
  PERFORM "normaliza_identificadores"('solicitacoes', 'nova_uc', 20, 'null', 'false', "pedido");
  -- One open regularization per unit and flow (unique index regularizacoes_aberta_key).
  PERFORM "normaliza_identificadores"('regularizacoes', 'unidade', 20, '"fluxo"', 'coalesce("status", 0) < 4', "regularizacao");
  PERFORM "normaliza_identificadores"('regularizacoes', 'endereco_id', 12, 'null', 'false', "regularizacao");
  PERFORM "normaliza_identificadores"('regularizacoes', 'site_id', 12, 'null', 'false', "regularizacao");
  PERFORM "normaliza_identificadores"('regularizacoes', 'numero_medidor', 12, 'null', 'false', "regularizacao");
  PERFORM "normaliza_identificadores"('regularizacoes', 'nova_unidade', 20, 'null', 'false', "regularizacao");
  -- One unit per flow and concessionaire (unique index base_provedor_unidade_concessionaria_key).
  PERFORM "normaliza_identificadores"('base_provedor', 'uc', 20, $e$"fluxo" || '.' || coalesce(lower("concessionaria"), '')$e$, 'true', $e$'base_provedor'$e$);
  PERFORM "normaliza_identificadores"('base_provedor', 'endereco_id', 12, 'null', 'false', $e$'base_provedor'$e$);
  PERFORM "normaliza_identificadores"('base_provedor', 'site_id', 12, 'null', 'false', $e$'base_provedor'$e$);
  PERFORM "normaliza_identificadores"('base_provedor', 'numero_medidor', 12, 'null', 'false', $e$'base_provedor'$e$);
  SELECT count(*) INTO "mantidos" FROM "audit_log" WHERE "acao" = 'normalizar-identificador';
  IF "mantidos" > 0 THEN
    RAISE NOTICE 'Normalização de identificadores: % valor(es) mantido(s) sem normalizar; veja Logs de Ações, ação "Identificador mantido sem normalizar".', "mantidos";
  END IF;
END
$$;
--> statement-breakpoint
DROP FUNCTION "normaliza_identificadores"(text, text, integer, text, text, text);
--> statement-breakpoint
DROP FUNCTION "identificador_normalizado"(text);
