import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE } from '@portal/domain';
import { hashPassword } from '../../src/auth/passwords.ts';
import { grupos, usuarios } from '../../src/db/schema.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, multipart, newUnitPayload, PDF, readRequest } from '../support/requests.ts';

let t: TestApp;
let cell: string;
let requester: string;
let id: number;
beforeAll(async () => {
  t = await createTestApp();
  cell = await login(t.app, 'celula@demo.portal');
  requester = await login(t.app, 'solicitante@demo.portal');
  const created = await call(t.app, requester, '/api/novas-unidades/add', await newUnitPayload(t.app));
  id = created.json().dados.id;
  // Walk to status 4, where the cell may attach its complementary file.
  const regional = await login(t.app, 'regional@demo.portal');
  await call(t.app, regional, '/api/novas-unidades/edit', { id, version: 1, status: 2 });
  await call(t.app, cell, '/api/novas-unidades/edit', { id, version: 2, status: 4 });
});
afterAll(() => t.close());

const uploads = async () =>
  (await readdir(path.join(t.config.dataDir, 'uploads'), { recursive: true }).catch(() => [])).filter((f) =>
    f.includes('-'),
  );

const upload = (version: number, file: { filename: string; contentType: string; data: Buffer }) => {
  const body = multipart({ id, version, status: 4 }, [{ field: 'complementar', ...file }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/novas-unidades/edit',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(cell) },
  });
};

describe('attachments of a request', () => {
  it('a PDF checked by content is stored, linked from the record and downloadable by who sees it', async () => {
    const res = await upload(3, { filename: 'carta.pdf', contentType: 'application/pdf', data: PDF });
    expect(res.statusCode, res.body).toBe(200);
    const record = await readRequest(t.app, cell, 'novas-unidades', id);
    expect(record.complementar).toMatch(/^\/api\/arquivos\/\d+$/);
    const file = await t.app.inject({
      method: 'GET',
      url: record.complementar as string,
      headers: bearer(cell),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const outsider = await login(t.app, 'tower@demo.portal');
    expect(
      (await t.app.inject({ method: 'GET', url: record.complementar as string, headers: bearer(outsider) }))
        .statusCode,
    ).toBe(404);
  });

  it('the cell-only attachment is not served to the requester, even by its id (GUIDE §7)', async () => {
    const record = await readRequest(t.app, cell, 'novas-unidades', id);
    const res = await t.app.inject({
      method: 'GET',
      url: record.complementar as string,
      headers: bearer(requester),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 1, msg: 'Arquivo não encontrado.' });
  });

  it("a file of a form outside the user's menu is not served, whatever the role's scope (hostile review)", async () => {
    // A Célula-kind group (every request in scope, the complementary slot shown) without "cadastro":
    // its menu has no Energia entry, so the form's files are as closed to it as the form's calls.
    await t.app.db.insert(grupos).values({ id: 99000002, nome: 'Célula sem cadastro', papel: 'celula' });
    await t.app.db.insert(usuarios).values({
      name: 'Sem Cadastro',
      email: 'sem-cadastro@teste.portal',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      idGrupo: 99000002,
      idPerfil: PROFILE.CADASTRO_UC,
      trocarSenha: 1,
    });
    const outsider = await login(t.app, 'sem-cadastro@teste.portal');
    const record = await readRequest(t.app, cell, 'novas-unidades', id);
    const res = await t.app.inject({
      method: 'GET',
      url: record.complementar as string,
      headers: bearer(outsider),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 1, msg: 'Arquivo não encontrado.' });
  });

  it('a polyglot declared text/html is stored and served as the PDF it was sniffed as, never inline HTML', async () => {
    const polyglot = Buffer.concat([
      PDF,
      Buffer.from('<html><script>document.title="pwned"</script></html>'),
    ]);
    const res = await upload(4, {
      filename: 'Relatório de campo.pdf',
      contentType: 'text/html',
      data: polyglot,
    });
    expect(res.statusCode, res.body).toBe(200);
    const record = await readRequest(t.app, cell, 'novas-unidades', id);
    const file = await t.app.inject({
      method: 'GET',
      url: record.complementar as string,
      headers: bearer(cell),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="Relatorio de campo.pdf"; filename*=UTF-8''Relat%C3%B3rio%20de%20campo.pdf`,
    );
  });

  it("a file whose content is not what its name says → 'Extensão de arquivo inválida', nothing stored", async () => {
    const before = await uploads();
    const res = await upload(5, {
      filename: 'nota.pdf',
      contentType: 'application/pdf',
      data: Buffer.from('MZ executável disfarçado'),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 1,
      campo: 'complementar',
      msg: 'Extensão de arquivo inválida: Anexo Complementar.',
    });
    expect(await uploads()).toEqual(before);
    expect((await readRequest(t.app, cell, 'novas-unidades', id)).version).toBe(5);
  });

  it("a file over 15,000,000 bytes → 'Tamanho Inválido', nothing stored", async () => {
    const before = await uploads();
    const big = Buffer.concat([PDF, Buffer.alloc(15_000_001 - PDF.length)]);
    const res = await upload(5, { filename: 'grande.pdf', contentType: 'application/pdf', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 1, msg: 'Tamanho Inválido', campo: 'complementar' });
    expect(await uploads()).toEqual(before);
  });

  it('a replaced file leaves no orphan behind', async () => {
    const before = await uploads();
    const res = await upload(5, { filename: 'carta-v2.pdf', contentType: 'application/pdf', data: PDF });
    expect(res.statusCode, res.body).toBe(200);
    expect((await uploads()).length).toBe(before.length);
  });

  it('apagar-arquivos removes the file where the policy allows, and only there', async () => {
    const denied = await call(t.app, requester, '/api/novas-unidades/apagar-arquivos', {
      id,
      tipo: 'complementar',
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe('Você não pode apagar o arquivo Anexo Complementar neste status.');
    const res = await call(t.app, cell, '/api/novas-unidades/apagar-arquivos', { id, tipo: 'complementar' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ error: 0, msg: 'Apagado com sucesso!', dados: { version: 7 } });
    expect((await readRequest(t.app, cell, 'novas-unidades', id)).complementar).toBeNull();
    expect(await uploads()).toHaveLength(0);
  });

  it('a file name with control characters and over 255 characters is kept as text, its extension whole', async () => {
    const res = await upload(7, {
      filename: `laudo\u0000\u001b${'ã'.repeat(300)}.pdf`,
      contentType: 'application/pdf',
      data: PDF,
    });
    expect(res.statusCode, res.body).toBe(200);
    const record = await readRequest(t.app, cell, 'novas-unidades', id);
    const file = await t.app.inject({
      method: 'GET',
      url: record.complementar as string,
      headers: bearer(cell),
    });
    expect(file.headers['content-disposition']).toContain(encodeURIComponent(`laudo${'ã'.repeat(246)}.pdf`));
  });
});
