DROP INDEX "solicitacoes_site_idx";--> statement-breakpoint
CREATE INDEX "solicitacoes_usuario_idx" ON "solicitacoes" USING btree ("id_usuario");--> statement-breakpoint
CREATE INDEX "solicitacoes_atualizado_idx" ON "solicitacoes" USING btree ("fluxo","tipo","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);