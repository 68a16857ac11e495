import { REQUEST_FORMS, requestListHref, STATUS } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser, openPage } from '../support/browser.ts';
import { DEMO_PASSWORD } from '../support/demo.ts';
import { createViaApi, freshUnit, requestFields } from '../requests/support.ts';
import { focused, tabTo } from './support.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const form = REQUEST_FORMS['energia.nova'];

describe('keyboard only: sign in, skip to the content, open and save a request (issue 15 item 8)', () => {
  it('[SOLICITANTE][KEYBOARD]: never touches the mouse from the sign-in form to a saved request', async () => {
    const page = await openPage(browser, baseUrl);
    page.setDefaultTimeout(15_000);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Bem-vindo!' }).waitFor();

    // Sign in: Tab to each field, type, Enter.
    await tabTo(page, /^E-mail$/);
    await page.keyboard.type('solicitante@demo.portal');
    await tabTo(page, /^Senha$/);
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expectPath(page, '/dashboard');
    await page.getByTestId('user-name').waitFor();

    // The first stop of the page is the skip link; it takes the focus past the menu to the page.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toEqual({ tag: 'a', name: 'Pular para o conteúdo' });
    expect(await page.getByRole('link', { name: 'Pular para o conteúdo' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('conteudo');
    await expectPath(page, '/dashboard');

    // The menu, by keyboard: back from the content to the sidebar's entry of the form.
    await tabTo(page, new RegExp(`^${form.title}$`), { back: true });
    await page.keyboard.press('Enter');
    await expectPath(page, form.listPath);

    // A request of this requester nobody acted on yet (the address is typed, as a keyboard user
    // would): still theirs to correct. Other journeys' requests may already be someone else's.
    const unidade = freshUnit('5');
    await createViaApi(baseUrl, form, 'solicitante@demo.portal', requestFields(unidade));
    await page.goto(requestListHref(form, { status: [STATUS.INICIADA], q: unidade }));
    await page.getByRole('heading', { name: form.title }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    const opened = await tabTo(page, /^(Editar|Abrir) solicitação (nº )?\d+$/);
    const id = Number(/\d+$/.exec(opened.name)![0]);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `${form.title} nº ${id}` }).waitFor();

    // A field is corrected and the request saved, all from the keyboard.
    await tabTo(page, /^Complemento$/);
    const typed = `Sala ${Date.now() % 1000}`;
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(typed);
    const saved = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        /\/api\/novas-unidades\/(edit|add)$/.test(new URL(r.url()).pathname),
    );
    await tabTo(page, /^(Salvar|Cadastrar)\b/);
    await page.keyboard.press('Enter');
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);

    // What the server keeps is what was typed.
    await page.goto(form.editPath.replace(':id', String(id)));
    await expect
      .poll(() =>
        page
          .getByLabel(/^Complemento/)
          .first()
          .inputValue(),
      )
      .toBe(typed);
    await page.context().close();
  });

  it('[ANY][KEYBOARD]: a focused field shows a visible ring (outline), not only a border hue', async () => {
    const page = await openPage(browser, baseUrl);
    await page.goto('/login');
    await tabTo(page, /^E-mail$/);
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { width: style.outlineWidth, style: style.outlineStyle };
    });
    expect(outline.style).not.toBe('none');
    expect(parseFloat(outline.width)).toBeGreaterThanOrEqual(2);
    await page.context().close();
  });
});
