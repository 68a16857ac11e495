import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { DEMO_PASSWORD } from '../support/demo.ts';
import { dialog, openScreen, pageAs, row, screenshot, toast } from '../admin/support.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
// Without SMTP the server writes each e-mail under DATA_DIR/outbox: a file in its place makes
// every send fail, as an SMTP outage would.
const outbox = path.join(dataDir, 'outbox');
const outboxAside = `${outbox}.e2e`;
const RECIPIENT = 'consulta@demo.portal';
let browser: Browser;

async function breakMail() {
  await rename(outbox, outboxAside).catch(() => undefined);
  await writeFile(outbox, 'not a folder');
}

async function restoreMail() {
  await rm(outbox, { force: true });
  await rename(outboxAside, outbox).catch(() => undefined);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await breakMail();
});
afterAll(async () => {
  // Other journeys read their e-mails from the outbox.
  await restoreMail();
  await browser?.close();
});

/** Waits until the queue's worker (every 2 s) has failed the recovery e-mail once. */
async function failedTaskId(token: string): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const list = await apiCall(baseUrl, 'GET', 'admin/tarefas?situacao=tentando', token);
    const rows = (list.body?.dados ?? []) as { id: number; descricao: string }[];
    const task = rows.find((r) => r.descricao.includes('co***@demo.portal'));
    if (task) return task.id;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('a tarefa do e-mail de recuperação não falhou em 30 s');
}

describe("the job queue's failures, for administrators (issue 16)", () => {
  it('[ADMIN][TASK QUEUE]: a recovery e-mail that failed shows with its masked recipient and error, and Descartar removes it', async () => {
    const admin = await apiLogin(baseUrl, 'admin@demo.portal', DEMO_PASSWORD);
    const asked = await apiCall(baseUrl, 'POST', 'lost-password', undefined, { email: RECIPIENT });
    expect(asked.status).toBe(200);
    const id = await failedTaskId(admin!.token);

    const page = await pageAs(browser, baseUrl, 'admin@demo.portal');
    await openScreen(page, '/fila-tarefas', 'Fila de tarefas');
    // The segmented control's radios are hidden behind their labels, which take the click.
    await page.locator('label', { hasText: 'Em nova tentativa' }).click();
    expect(await page.getByRole('radio', { name: 'Em nova tentativa' }).isChecked()).toBe(true);
    const failed = row(page, 'co***@demo.portal');
    await failed.waitFor();
    // Neither the address in full nor a password link ever reaches this screen.
    expect(await failed.textContent()).not.toContain(RECIPIENT);
    expect(await failed.textContent()).not.toContain('/recuperar-senha/');
    await screenshot(page, 'admin-fila-de-tarefas');

    await failed.getByRole('button', { name: `Descartar tarefa ${id}` }).click();
    await dialog(page, 'Descartar a tarefa?').getByRole('button', { name: 'Sim, descartar' }).click();
    await toast(page, 'Tarefa descartada.').waitFor();
    await failed.waitFor({ state: 'detached' });
    const after = await apiCall(baseUrl, 'GET', 'admin/tarefas?situacao=falhas', admin!.token);
    expect((after.body?.dados as { id: number }[]).map((r) => r.id)).not.toContain(id);
  });
});
