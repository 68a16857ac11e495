CREATE TABLE "motivos_recusa" (
	"id" serial PRIMARY KEY NOT NULL,
	"movimento" varchar(40) NOT NULL,
	"nome" varchar(120) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"cadastrado" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "historico_status" ADD COLUMN "id_motivo_recusa" integer;--> statement-breakpoint
ALTER TABLE "historico_status" ADD COLUMN "motivo_recusa" varchar(622);--> statement-breakpoint
ALTER TABLE "regularizacao_status" ADD COLUMN "id_motivo_recusa" integer;--> statement-breakpoint
ALTER TABLE "regularizacao_status" ADD COLUMN "motivo_recusa" varchar(622);--> statement-breakpoint
ALTER TABLE "solicitacoes" ADD COLUMN "motivo_recusa" varchar(622);--> statement-breakpoint
CREATE UNIQUE INDEX "motivos_recusa_movimento_nome_key" ON "motivos_recusa" USING btree ("movimento","nome");--> statement-breakpoint
ALTER TABLE "historico_status" ADD CONSTRAINT "historico_status_id_motivo_recusa_motivos_recusa_id_fk" FOREIGN KEY ("id_motivo_recusa") REFERENCES "public"."motivos_recusa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularizacao_status" ADD CONSTRAINT "regularizacao_status_id_motivo_recusa_motivos_recusa_id_fk" FOREIGN KEY ("id_motivo_recusa") REFERENCES "public"."motivos_recusa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The starting catalogue (issue 34 step 3); administrators add, rename and deactivate from /motivos-recusa.
INSERT INTO "motivos_recusa" ("movimento", "nome") VALUES
	('solicitacao.3', 'Endereço ID ou Site ID não pertence à regional'),
	('solicitacao.3', 'Site desativado ou em desmobilização'),
	('solicitacao.3', 'Solicitação em duplicidade'),
	('solicitacao.3', 'Outro motivo'),
	('solicitacao.6', 'Documento ilegível'),
	('solicitacao.6', 'CNPJ divergente do cartão'),
	('solicitacao.6', 'Fatura de outra unidade'),
	('solicitacao.6', 'Endereço incompleto'),
	('solicitacao.6', 'Unidade já cadastrada'),
	('solicitacao.6', 'Outro motivo'),
	('solicitacao.9', 'Documento ilegível'),
	('solicitacao.9', 'Anexo faltando'),
	('solicitacao.9', 'Fatura de outra unidade'),
	('solicitacao.9', 'Endereço ID, Site ID ou Tipo de Loja incorretos'),
	('solicitacao.9', 'Outro motivo'),
	('solicitacao.14', 'Unidade já cadastrada'),
	('solicitacao.14', 'Dados da unidade divergentes da fatura'),
	('solicitacao.14', 'CNPJ divergente do cartão'),
	('solicitacao.14', 'Tipo de Pagamento ou Conta Contábil incorretos'),
	('solicitacao.14', 'Outro motivo'),
	('solicitacao.15', 'Endereço incompleto'),
	('solicitacao.15', 'Site sem contrato de locação vigente'),
	('solicitacao.15', 'Tipo de Loja incorreto'),
	('solicitacao.15', 'Outro motivo'),
	('regularizacao.5', 'Divergência já corrigida na concessionária'),
	('regularizacao.5', 'CNPJ correto não comprovado'),
	('regularizacao.5', 'Unidade desativada'),
	('regularizacao.5', 'Outro motivo'),
	('pos-aprovacao.nao-aprovado', 'Elemento de Rede ou Tipologia divergentes'),
	('pos-aprovacao.nao-aprovado', 'Tipo de Pagamento ausente ou incorreto'),
	('pos-aprovacao.nao-aprovado', 'Chave de Débito inválida'),
	('pos-aprovacao.nao-aprovado', 'Dados do site divergentes'),
	('pos-aprovacao.nao-aprovado', 'Outro motivo');
