import { requestForm } from '@portal/domain';
import { and, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { filaTarefas, notificacoes, solicitacoes, statusRotulos, usuarios } from '../../src/db/schema.ts';
import { runDueTasks } from '../../src/jobs/queue.ts';
import { taskHandlers } from '../../src/jobs/tasks.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import { statusMailHandler, STATUS_MAIL } from '../../src/modules/notificacoes/status-mail.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { createAndMove, mailTasksOf, outboxMessages, setTspFocalPoints } from './support.ts';
import { reasonFor } from '../support/refusal-reasons.ts';

/**
 * Issue 15 point 6: a status change tells the requester and the regional's focal points, by an
 * e-mail sent from the database queue (the outbox without SMTP_URL) and by a notice in the bell.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'regional', 'celula', 'consulta'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  // Two focal points outside the portal (one repeated in other case), one portal user (the cell)
  // and the regional user herself, who moves the requests below.
  await setTspFocalPoints(t.app, [
    'focal.sp@telecom.demo',
    'celula@demo.portal',
    'FOCAL.SP@telecom.demo',
    'regional@demo.portal',
  ]);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.db.update(usuarios).set({ recebeEmails: true });
});

/** The worker's round, with the real mailer of a server without SMTP_URL: .eml files in the outbox. */
const sendQueued = () =>
  runDueTasks(t.app.db, {
    [STATUS_MAIL]: statusMailHandler({
      db: t.app.db,
      mailer: createMailer(t.config, pino({ level: 'silent' })),
      publicUrl: t.config.publicUrl,
    }),
  });
const mailsAbout = async (id: number) =>
  (await outboxMessages(t.config.dataDir)).filter((m) => m.text.includes(`nº ${id}`));

describe('a status change is told by e-mail, from the queue', () => {
  it('queues one e-mail per address (requester and focal points, not the one who moved it) and the outbox gets each', async () => {
    const { id, moved } = await createAndMove(
      t.app,
      { requester: tokens.solicitante!, mover: tokens.regional! },
      1,
      {
        observacao: 'Conferindo o endereço.',
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const tasks = await mailTasksOf(t.app, id);
    expect(tasks.map((task) => (task.dados as { para: string }).para).sort()).toEqual([
      'celula@demo.portal',
      'focal.sp@telecom.demo',
      'solicitante@demo.portal',
    ]);
    expect(tasks.every((task) => task.concluidaEm === null && task.tentativas === 0)).toBe(true);

    await sendQueued();
    const mails = await mailsAbout(id);
    expect(mails.map((m) => m.to).sort()).toEqual([
      'celula@demo.portal',
      'focal.sp@telecom.demo',
      'solicitante@demo.portal',
    ]);
    const link = `http://portal.test/cadastro-uc-nova/nova/${id}`;
    for (const mail of mails) {
      expect(mail.text).toContain(`A solicitação nº ${id} (${requestForm('energia', 'nova').title})`);
      expect(mail.text).toContain('Em Validação Regional');
      expect(mail.text).toContain('Renata Regional');
      expect(mail.text).toContain('Conferindo o endereço.');
      expect(mail.text).toContain(link);
    }
    expect(
      (await mailTasksOf(t.app, id)).every((task) => task.concluidaEm !== null && task.ultimoErro === null),
    ).toBe(true);
  });

  it('creating a request is no status change: nothing is queued', async () => {
    const { id } = await createAndMove(
      t.app,
      { requester: tokens.solicitante!, mover: tokens.solicitante! },
      0,
    );
    expect(await mailTasksOf(t.app, id)).toEqual([]);
  });

  it('a refusal is told with its reason, under the label the administrators gave the status', async () => {
    await t.app.db
      .update(statusRotulos)
      .set({ rotulo: 'Devolvida pela Regional' })
      .where(
        and(eq(statusRotulos.fluxo, 'energia'), eq(statusRotulos.tipo, 'nova'), eq(statusRotulos.codigo, 3)),
      );
    const { id, moved } = await createAndMove(
      t.app,
      { requester: tokens.solicitante!, mover: tokens.regional! },
      1,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/novas-unidades/edit',
      headers: bearer(tokens.regional!),
      payload: {
        id,
        version: moved.json().dados.version,
        status: 3,
        observacao: 'Site ID não confere.',
        ...(await reasonFor(t.app, 'solicitacao.3')),
      },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    await sendQueued();
    const refusal = (await mailsAbout(id)).filter((m) => m.text.includes('Devolvida pela Regional'));
    expect(refusal.map((m) => m.to).sort()).toEqual([
      'celula@demo.portal',
      'focal.sp@telecom.demo',
      'solicitante@demo.portal',
    ]);
    expect(refusal[0]!.text).toContain('Site ID não confere.');
    // Issue 34 step 3: the catalogue's reason, too.
    expect(refusal[0]!.text).toContain('Motivo da recusa: Endereço ID ou Site ID não pertence à regional');
  });

  it('a user who turned e-mails off gets none, even for a task queued before the change; others still do', async () => {
    const { id } = await createAndMove(t.app, { requester: tokens.solicitante!, mover: tokens.regional! }, 1);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/notificacoes/preferencia',
      headers: bearer(tokens.solicitante!),
      payload: { recebe_emails: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ error: 0, recebe_emails: false });
    await sendQueued();
    expect((await mailsAbout(id)).map((m) => m.to).sort()).toEqual([
      'celula@demo.portal',
      'focal.sp@telecom.demo',
    ]);
    // The task is done, not failed: nothing is retried to a user who said no.
    const skipped = (await mailTasksOf(t.app, id)).find(
      (task) => (task.dados as { para: string }).para === 'solicitante@demo.portal',
    );
    expect(skipped).toMatchObject({ ultimoErro: null, concluidaEm: expect.any(Date) });
    // The notice in the bell still comes.
    const notices = await t.app.db.select().from(notificacoes).where(eq(notificacoes.idSolicitacao, id));
    expect(notices.length).toBeGreaterThan(0);
  });

  it('the server worker handles the status e-mail kind (tasks.ts)', () => {
    expect(Object.keys(taskHandlers(t.app))).toContain(STATUS_MAIL);
  });
});

describe('a status change is told in the bell', () => {
  it('the requester and the focal points who are users get a notice, the one who moved it none', async () => {
    const { id } = await createAndMove(t.app, { requester: tokens.solicitante!, mover: tokens.regional! }, 1);
    const notices = await t.app.db
      .select({
        idUsuario: notificacoes.idUsuario,
        titulo: notificacoes.titulo,
        link: notificacoes.link,
        email: usuarios.email,
      })
      .from(notificacoes)
      .innerJoin(usuarios, eq(usuarios.id, notificacoes.idUsuario))
      .where(eq(notificacoes.idSolicitacao, id));
    expect(notices.map((n) => n.email).sort()).toEqual(['celula@demo.portal', 'solicitante@demo.portal']);
    expect(notices[0]).toMatchObject({
      titulo: `Solicitação nº ${id}: Em Validação Regional`,
      link: `/cadastro-uc-nova/nova/${id}`,
    });
  });

  it('a save that is refused leaves neither notice nor e-mail task', async () => {
    const { id, moved } = await createAndMove(
      t.app,
      { requester: tokens.solicitante!, mover: tokens.regional! },
      1,
    );
    const before = await t.app.db.select().from(filaTarefas).where(isNull(filaTarefas.concluidaEm));
    // A stale version: 409, nothing written.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/novas-unidades/edit',
      headers: bearer(tokens.regional!),
      payload: { id, version: moved.json().dados.version - 1, status: 2 },
    });
    expect(stale.statusCode).toBe(409);
    expect(await t.app.db.select().from(filaTarefas).where(isNull(filaTarefas.concluidaEm))).toHaveLength(
      before.length,
    );
    const [row] = await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, id));
    expect(row!.status).toBe(1);
    expect(
      (await t.app.db.select().from(notificacoes).where(eq(notificacoes.idSolicitacao, id))).length,
    ).toBe(2);
  });
});
