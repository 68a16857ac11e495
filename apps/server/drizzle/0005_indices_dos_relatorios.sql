CREATE INDEX "regularizacoes_cep_idx" ON "regularizacoes" USING btree ("fluxo","cep");--> statement-breakpoint
CREATE INDEX "solicitacoes_cep_idx" ON "solicitacoes" USING btree ("fluxo","tipo","cep");