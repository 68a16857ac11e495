import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP, PROFILE } from '@portal/domain';
import { CREATE_ADMIN_USAGE, createAdminCommand } from '../../src/cli/create-admin-command.ts';
import { usuarios } from '../../src/db/schema.ts';
import { startServer } from '../../src/startup/start-server.ts';
import { freshDatabase } from '../support/test-app.ts';
import { START_ENV, runScript } from './support.ts';

const PASSWORD = 'Primeira@Senha1';
const startEnv = { ...START_ENV, SEED_DEMO: '0' };

/**
 * A new database reachable from the environment, as `npm run create-admin` and `npm start` see
 * it: PostgreSQL when TEST_DATABASE_URL is set, otherwise an embedded one under a temporary DATA_DIR.
 */
async function newDatabaseEnv(root: string, name: string) {
  const database = await freshDatabase();
  const env = { DATA_DIR: path.join(root, name), ...(database.url && { DATABASE_URL: database.url }) };
  return {
    env,
    /** The server the users of this database sign in to (closed before the command opens it again). */
    open: async () => (await startServer({ ...startEnv, ...env })).app,
    drop: database.drop,
  };
}

const signIn = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'portal-admin-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('npm run create-admin creates the first administrator where no demo user exists', () => {
  it('creates a profile-1 user of the cell group who signs in and must choose a new password', async () => {
    const db = await newDatabaseEnv(root, 'created');
    const result = await createAdminCommand({
      argv: ['--email', 'Chefe@Empresa.com.br', '--name', 'Chefe da Célula'],
      env: { ...db.env, ADMIN_PASSWORD: PASSWORD },
    });
    expect(result).toEqual({
      code: 0,
      line: 'Administrador criado: chefe@empresa.com.br (perfil 1, grupo Célula 22845207); uma nova senha será pedida no primeiro acesso.',
    });
    const app = await db.open();
    try {
      const res = await signIn(app, 'chefe@empresa.com.br', PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        name: 'Chefe da Célula',
        grupo: GROUP.CELULA,
        perfil: PROFILE.ADMINISTRADOR,
        trocar_senha: 0,
      });
    } finally {
      await app.close();
      await db.drop();
    }
  });

  it('changes nothing when the e-mail exists: again for an administrator, refused for anyone else', async () => {
    const db = await newDatabaseEnv(root, 'again');
    const env = { ...db.env, ADMIN_EMAIL: 'chefe@empresa.com.br', ADMIN_PASSWORD: PASSWORD };
    expect((await createAdminCommand({ argv: [], env })).code).toBe(0);
    expect(await createAdminCommand({ argv: [], env: { ...env, ADMIN_PASSWORD: 'Outra@Senha99' } })).toEqual({
      code: 0,
      line: 'Nada alterado: chefe@empresa.com.br já é administrador.',
    });
    const app = await db.open();
    expect((await signIn(app, 'chefe@empresa.com.br', PASSWORD)).statusCode).toBe(200);
    await app.db.update(usuarios).set({ idPerfil: PROFILE.CONSULTA });
    await app.close();
    expect(await createAdminCommand({ argv: [], env })).toEqual({
      code: 1,
      line: 'Nada alterado: o e-mail chefe@empresa.com.br já pertence a um usuário que não é administrador.',
    });
    await db.drop();
  });

  it("refuses a password the domain's rules refuse, naming ADMIN_PASSWORD, and creates nobody", async () => {
    const db = await newDatabaseEnv(root, 'weak');
    const result = await createAdminCommand({
      argv: ['--email', 'chefe@empresa.com.br'],
      env: { ...db.env, ADMIN_PASSWORD: 'curta' },
    });
    expect(result).toEqual({
      code: 1,
      line: 'Administrador não criado: A senha precisa ter pelo menos 8 caracteres! (ADMIN_PASSWORD)',
    });
    const app = await db.open();
    expect((await app.db.select({ n: count() }).from(usuarios))[0]!.n).toBe(0);
    await app.close();
    await db.drop();
  });

  it('without ADMIN_PASSWORD and no terminal to type it, prints how to use it', async () => {
    expect(
      await createAdminCommand({
        argv: ['--email', 'chefe@empresa.com.br'],
        env: { DATA_DIR: path.join(root, 'unused') },
      }),
    ).toEqual({
      code: 1,
      line: CREATE_ADMIN_USAGE,
    });
  });

  it('asks twice on a terminal and refuses two different passwords', async () => {
    const answers = [PASSWORD, 'Diferente@123'];
    const result = await createAdminCommand({
      argv: ['--email', 'chefe@empresa.com.br'],
      env: { DATA_DIR: path.join(root, 'unused') },
      askPassword: async () => answers.shift()!,
    });
    expect(result).toEqual({ code: 1, line: 'As senhas não são iguais!' });
  });

  it('runs as a command: one Portuguese line on stdout, exit 0', async () => {
    const db = await newDatabaseEnv(root, 'spawned');
    const run = await runScript('cli/create-admin.ts', { ...db.env, ADMIN_PASSWORD: PASSWORD }, [
      '--email',
      'chefe@empresa.com.br',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual([
      'Administrador criado: chefe@empresa.com.br (perfil 1, grupo Célula 22845207); uma nova senha será pedida no primeiro acesso.',
    ]);
    await db.drop();
  });
});

describe('ADMIN_EMAIL and ADMIN_PASSWORD at start create the first administrator only into a database with no user', () => {
  it('creates it at the first start; at a later start with users it creates nobody', async () => {
    const db = await newDatabaseEnv(root, 'at-start');
    const first = await startServer({
      ...startEnv,
      ...db.env,
      ADMIN_EMAIL: 'chefe@empresa.com.br',
      ADMIN_PASSWORD: PASSWORD,
    });
    expect(first.firstAdministrator).toEqual({ email: 'chefe@empresa.com.br', outcome: 'created' });
    expect((await signIn(first.app, 'chefe@empresa.com.br', PASSWORD)).json().user).toMatchObject({
      perfil: PROFILE.ADMINISTRADOR,
      grupo: GROUP.CELULA,
    });
    await first.app.close();

    const second = await startServer({
      ...startEnv,
      ...db.env,
      ADMIN_EMAIL: 'outro@empresa.com.br',
      ADMIN_PASSWORD: PASSWORD,
    });
    expect(second.firstAdministrator).toEqual({
      email: 'outro@empresa.com.br',
      outcome: 'database-has-users',
    });
    expect(
      await second.app.db.select().from(usuarios).where(eq(usuarios.email, 'outro@empresa.com.br')),
    ).toEqual([]);
    await second.app.close();
    await db.drop();
  });

  it('refuses to start with only one of the two, in one Portuguese line', async () => {
    await expect(
      startServer({ ...startEnv, DATA_DIR: path.join(root, 'half'), ADMIN_EMAIL: 'chefe@empresa.com.br' }),
    ).rejects.toThrow('Defina ADMIN_EMAIL e ADMIN_PASSWORD juntos para criar o primeiro administrador.');
  });
});
