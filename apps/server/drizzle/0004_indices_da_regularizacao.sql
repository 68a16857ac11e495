CREATE INDEX "regularizacoes_unidade_idx" ON "regularizacoes" USING btree ("fluxo",lower("unidade") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "regularizacoes_endereco_idx" ON "regularizacoes" USING btree ("fluxo",lower("endereco_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "regularizacoes_unidade_ordem_idx" ON "regularizacoes" USING btree ("fluxo","unidade","id");--> statement-breakpoint
CREATE INDEX "regularizacoes_status_ordem_idx" ON "regularizacoes" USING btree ("fluxo",coalesce("status", 0),"id");