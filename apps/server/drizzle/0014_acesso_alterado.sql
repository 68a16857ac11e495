-- Issue 12: each instance keeps the answer of the session read (auth/session-cache.ts) and empties it when
-- anything that answer is made of changes, on any instance or connection: every statement that changes a
-- session (but its last-seen time, or a new one), a user, a group, a company or a user's regionals
-- announces it on channel "acesso_alterado" when its transaction commits (one notice per transaction).
CREATE FUNCTION "acesso_alterado"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('acesso_alterado', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessoes_acesso_alterado"
  AFTER UPDATE OF "id", "id_usuario", "token_hash", "created_at", "revoked_at" OR DELETE OR TRUNCATE ON "sessoes"
  FOR EACH STATEMENT EXECUTE FUNCTION "acesso_alterado"();
--> statement-breakpoint
CREATE TRIGGER "usuarios_acesso_alterado"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "usuarios"
  FOR EACH STATEMENT EXECUTE FUNCTION "acesso_alterado"();
--> statement-breakpoint
CREATE TRIGGER "grupos_acesso_alterado"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "grupos"
  FOR EACH STATEMENT EXECUTE FUNCTION "acesso_alterado"();
--> statement-breakpoint
CREATE TRIGGER "empresas_acesso_alterado"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "empresas"
  FOR EACH STATEMENT EXECUTE FUNCTION "acesso_alterado"();
--> statement-breakpoint
CREATE TRIGGER "usuario_regionais_acesso_alterado"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "usuario_regionais"
  FOR EACH STATEMENT EXECUTE FUNCTION "acesso_alterado"();
