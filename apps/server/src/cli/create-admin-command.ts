import { parseArgs } from 'node:util';
import { PASSWORDS_DIFFER } from '@portal/domain';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import {
  createAdministrator,
  parseAdministrator,
  type AdministratorOutcome,
} from '../db/seed/administrator.ts';
import { seedReferenceData } from '../db/seed/seed.ts';
import { startupFailureLine } from '../startup/failure-line.ts';
import { StartupError } from '../startup/startup-error.ts';

export const CREATE_ADMIN_USAGE =
  'Uso: ADMIN_PASSWORD=... npm run create-admin -- --email <e-mail> [--name <nome>] ' +
  '(ou ADMIN_EMAIL e ADMIN_NAME; num terminal, a senha pode ser digitada).';

export interface CreateAdminRun {
  argv: string[];
  env: NodeJS.ProcessEnv;
  /** Asks for the password when ADMIN_PASSWORD is unset; absent when nobody can type (no TTY). */
  askPassword?: (question: string) => Promise<string>;
}

const RESULT: Record<AdministratorOutcome, { code: number; line: (email: string) => string }> = {
  created: {
    code: 0,
    line: (email) =>
      `Administrador criado: ${email} (perfil 1, grupo Célula 22845207); uma nova senha será pedida no primeiro acesso.`,
  },
  'already-administrator': { code: 0, line: (email) => `Nada alterado: ${email} já é administrador.` },
  'email-taken': {
    code: 1,
    line: (email) => `Nada alterado: o e-mail ${email} já pertence a um usuário que não é administrador.`,
  },
  // Only the start-up path asks for an empty database.
  'database-has-users': { code: 1, line: () => 'Nada alterado: o banco já tem usuários.' },
};

async function passwordFrom({ env, askPassword }: CreateAdminRun): Promise<string | undefined> {
  if (env.ADMIN_PASSWORD) return env.ADMIN_PASSWORD;
  if (!askPassword) return undefined;
  const password = await askPassword('Senha do administrador: ');
  if ((await askPassword('Repita a senha: ')) !== password) throw new StartupError(PASSWORDS_DIFFER);
  return password;
}

/**
 * `npm run create-admin`: the first administrator of a PostgreSQL database (where no demo user
 * exists), or another one later. The password never comes from the command line, which shells
 * keep in their history and `ps` shows to everyone. Returns the one line to print and the exit code.
 */
export async function createAdminCommand(run: CreateAdminRun): Promise<{ code: number; line: string }> {
  let args: { email?: string; name?: string };
  try {
    ({ values: args } = parseArgs({
      args: run.argv,
      options: { email: { type: 'string' }, name: { type: 'string' } },
    }));
  } catch {
    return { code: 1, line: CREATE_ADMIN_USAGE };
  }
  const email = args.email ?? run.env.ADMIN_EMAIL;
  if (!email) return { code: 1, line: CREATE_ADMIN_USAGE };
  try {
    const password = await passwordFrom(run);
    if (!password) return { code: 1, line: CREATE_ADMIN_USAGE };
    const input = parseAdministrator({ email, name: args.name ?? run.env.ADMIN_NAME, password });
    const database = await openDatabase(readConfig(run.env), { warn: () => {} });
    try {
      // A database the server never started on still needs the groups and profiles a user refers to.
      await seedReferenceData(database.db);
      const result = RESULT[await createAdministrator(database.db, input)];
      return { code: result.code, line: result.line(input.email) };
    } finally {
      await database.close();
    }
  } catch (err) {
    return { code: 1, line: startupFailureLine(err, run.env) };
  }
}
