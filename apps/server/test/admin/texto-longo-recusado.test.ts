import { FIELD_MAX, REFERENCE_TEXT_MAX } from '@portal/domain';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grupos, regionais, usuarios } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedIn } from './support.ts';

/**
 * Issue 15 item 7: a text past its maximum is refused naming the field, never stored cut. The
 * screens count the characters and no longer cut a paste; this is what a client that skips the
 * screen meets.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
});
afterAll(() => t.close());

describe('hostile: text one character past its maximum is refused, never cut', () => {
  it('regional: a sigla of 11 characters → 4xx naming regional, nothing stored', async () => {
    const sigla = 'T'.repeat(FIELD_MAX.regional + 1);
    const res = await admin.post('/regional/add', {
      regional: sigla,
      gestor: 'Gestor Longo',
      email_gestor: 'gestor.longo@demo.portal',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({
      error: 1,
      campo: 'regional',
      msg: `O campo Regional pode ter no máximo ${FIELD_MAX.regional} caracteres.`,
    });
    const stored = await t.app.db.select().from(regionais).where(like(regionais.regional, 'TTTTTTTTTT%'));
    expect(stored).toEqual([]);
  });

  it('user: a name of 101 characters → 4xx naming name, nothing stored', async () => {
    const email = 'nome.longo@demo.portal';
    const res = await admin.post('/usuarios/add', {
      name: 'N'.repeat(FIELD_MAX.name + 1),
      email,
      id_grupo: 22845207,
      id_perfil: 2,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ error: 1, campo: 'name' });
    expect(await t.app.db.select().from(usuarios).where(eq(usuarios.email, email))).toEqual([]);
  });

  it('group: a name of 81 characters → 4xx naming nome, nothing stored', async () => {
    const res = await admin.post('/grupos/add', {
      id: 99000001,
      nome: 'G'.repeat(REFERENCE_TEXT_MAX.grupo + 1),
      papel: 'solicitante',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ error: 1, campo: 'nome' });
    expect(await t.app.db.select().from(grupos).where(eq(grupos.id, 99000001))).toEqual([]);
  });
});
