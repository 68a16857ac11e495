import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { editPathFor, requestForm, statusLabel } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { expectPath, launchBrowser } from '../support/browser.ts';
import { axeViolations } from '../accessibility/axe.ts';
import {
  createViaApi,
  freshUnit,
  moveViaApi,
  pageAs,
  requestFields,
  screenshot,
  tokenOf,
} from '../requests/support.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const form = requestForm('energia', 'nova');
const REQUESTER = 'solicitante@demo.portal';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const bell = (page: Page) => page.getByRole('button', { name: /^Notificações, / });

/** The unread count the bell announces (its accessible name). */
async function bellCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  const match = /(\d+) não lida/.exec(name);
  return match ? Number(match[1]) : 0;
}

/** axe's blocking findings on the bell and its panel (marked data-notifications). */
async function bellViolations(page: Page) {
  const findings = await axeViolations(page);
  const ours = await Promise.all(
    findings.map(async (f) => ({
      ...f,
      nodes: (
        await Promise.all(
          f.nodes.map(async (n) =>
            (await page.evaluate(
              (sel) => !!document.querySelector(sel)?.closest('[data-notifications]'),
              n.target,
            ))
              ? [n]
              : [],
          ),
        )
      ).flat(),
    })),
  );
  return ours.filter((f) => f.nodes.length > 0);
}

/** The outbox's messages to `to` whose text names `needle`, quoted-printable undone. */
async function mailsTo(to: string, needle: string): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
  const texts = await Promise.all(
    names.map(async (n) =>
      (await readFile(path.join(outbox, n), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/(=[0-9A-F]{2})+/gi, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8')),
    ),
  );
  return texts.filter(
    (t) => new RegExp(`^To: ${to.replace(/\./g, '\\.')}$`, 'm').test(t) && t.includes(needle),
  );
}

describe('status-change notices (issue 15 point 6)', () => {
  it('[SOLICITANTE][NOTIFICATIONS]: after the regional moves a request, the bell counts it, the notice opens the record, and the e-mail is in the outbox', async () => {
    const { id } = await createViaApi(baseUrl, form, REQUESTER, requestFields(freshUnit('5')));
    const page = await pageAs(browser, baseUrl, REQUESTER);
    await bell(page).waitFor();
    const before = await bellCount(page);

    // The regional acts (its screen is another journey's subject): validation starts.
    await moveViaApi(baseUrl, form, 'regional@demo.portal', id, { status: 1, endereco_id: 'TSPNOT01' });
    await page.reload();
    await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBe(before + 1);

    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notificações' });
    const label = statusLabel(1, form.flow, form.kind);
    const notice = panel.getByRole('button', { name: new RegExp(`Solicitação nº ${id}: ${label}`) });
    await notice.waitFor();
    await expect.poll(() => notice.innerText()).toContain('Renata Regional');
    // Newest first: this change heads the list.
    await expect
      .poll(() => panel.getByRole('listitem').first().innerText())
      .toContain(`Solicitação nº ${id}:`);
    await screenshot(page, 'notifications-panel');
    // The bell and its open panel add no serious or critical violation (the screens under them
    // are the accessibility journey's).
    expect(await bellViolations(page)).toEqual([]);
    await notice.click();
    await expectPath(page, editPathFor(form, id));
    // Opened, it is read.
    await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBe(before);

    // The worker sent the e-mail: to the requester, with the number and the record's absolute link.
    await expect
      .poll(async () => (await mailsTo(REQUESTER, `nº ${id}`)).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    const [mail] = await mailsTo(REQUESTER, `nº ${id}`);
    expect(mail).toContain(`${baseUrl}${editPathFor(form, id)}`);
    expect(mail).toContain(label);
    await page.context().close();
  });

  it('[SOLICITANTE][NOTIFICATIONS]: turning e-mails off in the bell stops the next e-mail, the notice still comes', async () => {
    const page = await pageAs(browser, baseUrl, REQUESTER);
    await bell(page).click();
    const emails = page.getByRole('switch', { name: 'Receber e-mails' });
    await expect.poll(() => emails.isChecked()).toBe(true);
    await emails.click();
    await page.getByRole('alert').filter({ hasText: 'não receberá mais e-mails' }).first().waitFor();
    await expect.poll(() => emails.isChecked()).toBe(false);
    try {
      const { id } = await createViaApi(baseUrl, form, REQUESTER, requestFields(freshUnit('5')));
      await moveViaApi(baseUrl, form, 'regional@demo.portal', id, { status: 1, endereco_id: 'TSPNOT02' });
      await page.reload();
      await bell(page).click();
      await page
        .getByRole('dialog', { name: 'Notificações' })
        .getByRole('button', { name: new RegExp(`Solicitação nº ${id}:`) })
        .waitFor();
      // The worker has run its rounds (every 2 s) and sent nothing to the requester.
      await new Promise((r) => setTimeout(r, 5_000));
      expect(await mailsTo(REQUESTER, `nº ${id}`)).toEqual([]);
    } finally {
      const token = await tokenOf(baseUrl, REQUESTER);
      await apiCall(baseUrl, 'POST', 'notificacoes/preferencia', token, { recebe_emails: true });
      await page.context().close();
    }
  });
});
