import path from 'node:path';
import { isDatabaseDiskFull, isDatabaseUnavailable } from '../db/unavailable.ts';
import { dataDirProblem } from './data-dir.ts';
import { StartupError } from './startup-error.ts';

const driverCode = (err: unknown): unknown => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  return e?.cause?.code ?? e?.code;
};

/** Where DATABASE_URL points, without its user or password (the line may reach a shared log). */
function databaseTarget(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * The one Portuguese line printed when the server cannot start: what failed and what to do,
 * never a stack trace nor a secret from the environment.
 */
export function startupFailureLine(err: unknown, env: NodeJS.ProcessEnv): string {
  if (err instanceof StartupError) return err.message;
  const code = driverCode(err);
  if (env.DATABASE_URL) {
    const target = databaseTarget(env.DATABASE_URL);
    if (isDatabaseUnavailable(err)) {
      return `Não foi possível conectar ao PostgreSQL em ${target} (DATABASE_URL): verifique se o banco está no ar e inicie o servidor de novo.`;
    }
    if (code === '28P01' || code === '28000')
      return `O PostgreSQL em ${target} recusou o usuário ou a senha de DATABASE_URL.`;
    if (code === '3D000')
      return `O banco de DATABASE_URL não existe no PostgreSQL (${target}): crie-o e inicie o servidor de novo.`;
    if (isDatabaseDiskFull(err))
      return `Disco cheio no servidor PostgreSQL (${target}): libere espaço e inicie o servidor de novo.`;
  }
  if ((err as { syscall?: unknown } | null)?.syscall === 'listen') {
    const port = env.PORT ?? 3000;
    return code === 'EADDRINUSE'
      ? `A porta ${port} já está em uso: encerre o outro processo ou escolha outra em PORT.`
      : `Não foi possível usar a porta ${port} (${String(code)}): escolha outra em PORT.`;
  }
  const fileSystemProblem = dataDirProblem(err, path.resolve(env.DATA_DIR ?? './data'));
  if (fileSystemProblem) return fileSystemProblem;
  const message = err instanceof Error ? err.message : String(err);
  return `Falha ao iniciar o servidor: ${message.split('\n')[0]}`;
}
