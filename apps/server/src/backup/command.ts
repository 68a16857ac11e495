import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { startupFailureLine } from '../startup/failure-line.ts';
import { StartupError } from '../startup/startup-error.ts';
import { BackupError } from './archive.ts';
import { runBackup } from './backup.ts';
import { runRestore } from './restore.ts';

export const BACKUP_USAGE =
  'Uso: npm run backup -- [--out <pasta nova>] (padrão: backups/backup-<data e hora>).';
export const RESTORE_USAGE =
  'Uso: npm run restore -- --from <pasta do backup> (com DATA_DIR ou DATABASE_URL vazios).';

/** The operator's line for a failure: ours verbatim, a connection fault as the server says it. */
function failureLine(err: unknown, env: NodeJS.ProcessEnv, what: string): string {
  if (err instanceof BackupError || err instanceof StartupError) return err.message;
  const code = (err as { code?: unknown } | null)?.code;
  // Unreachable, wrong password, missing database: the same line the server prints at start.
  if (
    env.DATABASE_URL &&
    (isDatabaseUnavailable(err) || ['28P01', '28000', '3D000'].includes(String(code)))
  ) {
    return startupFailureLine(err, env);
  }
  const message = err instanceof Error ? err.message : String(err);
  return `${what} falhou: ${message.split('\n')[0]}`;
}

const stamp = () => new Date().toISOString().replace(/\..*$/, '').replace(/:/g, '-');

/**
 * `npm run backup` and `npm run restore`: progress on stdout, one Portuguese line on stderr and
 * exit code 1 on any failure.
 */
export async function backupCommand(
  kind: 'backup' | 'restore',
  argv: string[],
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const progress = (line: string) => console.log(line);
  let args: { out?: string; from?: string };
  try {
    ({ values: args } = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, from: { type: 'string' } },
    }));
  } catch {
    console.error(kind === 'backup' ? BACKUP_USAGE : RESTORE_USAGE);
    return 1;
  }
  try {
    const config = readConfig(env);
    if (kind === 'backup') {
      const out = path.resolve(args.out ?? path.join('backups', `backup-${stamp()}`));
      const manifest = await runBackup({ config, out, progress });
      progress(
        `Backup concluído em ${out}: ${manifest.counts.solicitacoes} solicitação(ões), ` +
          `${manifest.attachments.storage === 'local' ? manifest.attachments.files : 0} anexo(s), migração ${manifest.migration}.`,
      );
    } else {
      if (!args.from) {
        console.error(RESTORE_USAGE);
        return 1;
      }
      const manifest = await runRestore({ config, from: path.resolve(args.from), progress });
      progress(
        `Restauração concluída e conferida: ${manifest.counts.solicitacoes} solicitação(ões), ` +
          `${manifest.attachments.storage === 'local' ? manifest.attachments.files : 0} anexo(s), do backup de ${manifest.createdAt}. ` +
          'A próxima partida do servidor aplica as migrações que faltarem.',
      );
    }
    return 0;
  } catch (err) {
    console.error(failureLine(err, env, kind === 'backup' ? 'O backup' : 'A restauração'));
    return 1;
  }
}
