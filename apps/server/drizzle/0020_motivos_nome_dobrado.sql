-- Issue 34 step 3: one reason name per move, case and accents aside, kept by the index itself, so two
-- administrators adding case twins at the same moment cannot both succeed (the check before the insert
-- alone could not see the other transaction's row).
DROP INDEX "motivos_recusa_movimento_nome_key";--> statement-breakpoint
CREATE UNIQUE INDEX "motivos_recusa_movimento_nome_key" ON "motivos_recusa" USING btree ("movimento",public.portal_dobra("nome"));