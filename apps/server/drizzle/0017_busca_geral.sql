-- Issue 34: search by anything. Every word of the text is looked up anywhere in one document per row
-- (column busca, stored: a search reads it instead of folding each row again): the request's (or the
-- regularization's) identifiers, address, CEP and tax ids, folded by portal_dobra (unaccent, then
-- lower: accents and case aside), served by a GIN trigram index. The
-- functions are IMMUTABLE so an index can hold their result; unaccent's dictionary is named in full,
-- and every name is schema-qualified, so a restore (empty search_path) rebuilds the same indexes.
-- PGlite loads both extensions as contrib modules (db/client.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.portal_dobra(texto text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, texto)) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.portal_busca_solicitacao(
  unidade text, numero_medidor text, endereco_id text, site_id text, protocolo text, unidade_nova text,
  nova_uc text, cep text, municipio text, endereco text, numero text, bairro text, complemento text,
  cnpj_tim text, cnpj_solicitada text
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.portal_dobra(pg_catalog.concat_ws(' ', unidade, numero_medidor, endereco_id, site_id,
    protocolo, unidade_nova, nova_uc, cep, municipio, endereco, numero, bairro, complemento, cnpj_tim,
    cnpj_solicitada)) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.portal_busca_regularizacao(
  unidade text, numero_medidor text, endereco_id text, site_id text, nova_unidade text, cep text,
  cidade text, endereco text, numero text, bairro text, complemento text, cnpj_tim text, cnpj_fatura text,
  cnpj_correto text, razao_social_fatura text, razao_social_correta text, sigla text
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.portal_dobra(pg_catalog.concat_ws(' ', unidade, numero_medidor, endereco_id, site_id,
    nova_unidade, cep, cidade, endereco, numero, bairro, complemento, cnpj_tim, cnpj_fatura, cnpj_correto,
    razao_social_fatura, razao_social_correta, sigla)) $$;--> statement-breakpoint
ALTER TABLE "regularizacoes" ADD COLUMN "busca" text GENERATED ALWAYS AS (public.portal_busca_regularizacao("regularizacoes"."unidade", "regularizacoes"."numero_medidor", "regularizacoes"."endereco_id", "regularizacoes"."site_id", "regularizacoes"."nova_unidade", "regularizacoes"."cep", "regularizacoes"."cidade", "regularizacoes"."endereco", "regularizacoes"."numero", "regularizacoes"."bairro", "regularizacoes"."complemento", "regularizacoes"."cnpj_tim", "regularizacoes"."cnpj_fatura", "regularizacoes"."cnpj_correto", "regularizacoes"."razao_social_fatura", "regularizacoes"."razao_social_correta", "regularizacoes"."sigla")) STORED;--> statement-breakpoint
ALTER TABLE "solicitacoes" ADD COLUMN "busca" text GENERATED ALWAYS AS (public.portal_busca_solicitacao("solicitacoes"."unidade", "solicitacoes"."numero_medidor", "solicitacoes"."endereco_id", "solicitacoes"."site_id", "solicitacoes"."protocolo", "solicitacoes"."unidade_nova", "solicitacoes"."nova_uc", "solicitacoes"."cep", "solicitacoes"."municipio", "solicitacoes"."endereco", "solicitacoes"."numero", "solicitacoes"."bairro", "solicitacoes"."complemento", "solicitacoes"."cnpj_tim", "solicitacoes"."cnpj_solicitada")) STORED;--> statement-breakpoint
CREATE INDEX "regularizacoes_busca_trgm_idx" ON "regularizacoes" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "solicitacoes_busca_trgm_idx" ON "solicitacoes" USING gin ("busca" gin_trgm_ops);