import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser, mainMenu, openPage, signIn } from './support/browser.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './support/demo.ts';
import { pageAs, screenshot } from './support/ui.ts';

/** Spec part 1 §1: manuals and presentation decks in the menu, which ones by group. */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Guide {
  manual: { label: string; path: string };
  deck: { label: string; path: string; slides: number };
}
const CELULA: Guide = {
  manual: { label: 'Manual da Célula', path: '/manuais/celula' },
  deck: { label: 'Apresentação Nova UC', path: '/apresentacoes/nova-uc', slides: 5 },
};
const REGIONAL: Guide = {
  manual: { label: 'Manual da Regional', path: '/manuais/regional' },
  deck: { label: 'Apresentação Regional', path: '/apresentacoes/regional', slides: 4 },
};
const EMPRESAS: Guide = {
  manual: { label: 'Manual das Empresas', path: '/manuais/empresas' },
  deck: { label: 'Apresentação Empresas', path: '/apresentacoes/empresas', slides: 4 },
};
const ALL = [CELULA, REGIONAL, EMPRESAS];

/** Which manual and deck each demo user's group gets (docs/decisions/screens-and-ux.md, D-UX-008, spec part 1 §1). */
const EXPECTED: Record<string, Guide> = {
  ADMIN: CELULA,
  CELULA: CELULA,
  CONSULTA: CELULA,
  AMEE: CELULA,
  REGIONAL: REGIONAL,
  TOWER: EMPRESAS,
  PROPERTY: EMPRESAS,
  SOLICITANTE: EMPRESAS,
};

const guideLinks = (page: Page) =>
  mainMenu(page)
    .getByRole('link')
    .evaluateAll((links) =>
      links
        .map((a) => ({
          label: a.getAttribute('aria-label'),
          path: new URL((a as HTMLAnchorElement).href).pathname,
        }))
        .filter((l) => l.path.startsWith('/manuais/') || l.path.startsWith('/apresentacoes/')),
    );

describe('manuals and presentation decks by group (spec part 1 §1)', () => {
  it('every demo user has an expected manual and deck', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(DEMO_USERS.map((u) => u.role).sort());
  });

  for (const { role, email } of DEMO_USERS) {
    const guide = EXPECTED[role]!;
    it(`[${role}][OPEN MANUAL]: sees only ${guide.manual.label} and ${guide.deck.label}, and opens both`, async () => {
      const page = await openPage(browser, baseUrl);
      await signIn(page, email, DEMO_PASSWORD);
      await expectPath(page, '/dashboard');
      await mainMenu(page).getByRole('link').first().waitFor();
      expect(await guideLinks(page)).toEqual([
        { label: guide.manual.label, path: guide.manual.path },
        { label: guide.deck.label, path: guide.deck.path },
      ]);

      await mainMenu(page).getByRole('link', { name: guide.manual.label }).click();
      await expectPath(page, guide.manual.path);
      await page.getByRole('heading', { name: guide.manual.label, level: 1 }).waitFor();
      expect(await page.getByRole('region').count()).toBeGreaterThan(2);

      await mainMenu(page).getByRole('link', { name: guide.deck.label }).click();
      await expectPath(page, guide.deck.path);
      await page.getByRole('heading', { name: guide.deck.label, level: 1 }).waitFor();
      await page.getByText(`Slide 1 de ${guide.deck.slides}`).waitFor();
      expect(await page.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Próximo' }).click();
      await page.getByText(`Slide 2 de ${guide.deck.slides}`).waitFor();

      // Another group's guide, typed in the address bar, stays closed.
      const other = ALL.find((g) => g !== guide)!;
      await page.goto(other.manual.path);
      await page.getByRole('heading', { name: 'Você não tem permissão' }).waitFor();
      expect(await page.getByRole('heading', { name: other.manual.label }).count()).toBe(0);
      await page.context().close();
    });
  }

  it('[CELULA][OPEN MANUAL]: reads the cell manual and walks the new-UC deck with the arrow keys', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await mainMenu(page).getByRole('link', { name: 'Manual da Célula' }).click();
    await expectPath(page, '/manuais/celula');
    await page.getByRole('heading', { name: 'Analisar e decidir' }).waitFor();
    await screenshot(page, 'guides-manual-celula');

    await mainMenu(page).getByRole('link', { name: 'Apresentação Nova UC' }).click();
    await expectPath(page, '/apresentacoes/nova-uc');
    await page.getByText('Slide 1 de 5').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByText('Slide 2 de 5').waitFor();
    await page.getByRole('heading', { name: 'Uma nova UC, passo a passo' }).waitFor();
    await screenshot(page, 'guides-deck-nova-uc');
    await page.keyboard.press('ArrowLeft');
    await page.getByText('Slide 1 de 5').waitFor();
    // The last slide stops the arrow: no slide 6.
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await page.getByText('Slide 5 de 5').waitFor();
    expect(await page.getByRole('button', { name: 'Próximo' }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('[SIGNED OUT][OPEN MANUAL]: a manual needs a session, like every signed-in page', async () => {
    const page = await openPage(browser, baseUrl);
    await page.goto('/manuais/empresas');
    await expectPath(page, '/login');
    await page.goto('/apresentacoes/nova-uc');
    await expectPath(page, '/login');
    await page.context().close();
  });
});

/** The page's main block: the first child of <main>, remounted on every route change. */
const pageBlock = (page: Page) => page.locator('main > div').first();
const animationOf = (page: Page) =>
  pageBlock(page).evaluate((el) => {
    const style = getComputedStyle(el);
    return { name: style.animationName, duration: style.animationDuration };
  });

describe('shell transitions (spec part 1 §2: page 200 ms, menu 250 ms)', () => {
  it('[CELULA][NAVIGATE]: each route change fades the new page in for 200 ms', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await mainMenu(page).getByRole('link', { name: 'Manual da Célula' }).click();
    await page.getByRole('heading', { name: 'Manual da Célula', level: 1 }).waitFor();
    expect(await animationOf(page)).toEqual({ name: expect.stringMatching(/page-in/), duration: '0.2s' });

    // A route change mounts a new page block, so the fade plays again.
    await pageBlock(page).evaluate((el) => el.setAttribute('data-seen', '1'));
    await mainMenu(page).getByRole('link', { name: 'Apresentação Nova UC' }).click();
    await page.getByText('Slide 1 de 5').waitFor();
    expect(await pageBlock(page).getAttribute('data-seen')).toBeNull();
    expect((await animationOf(page)).duration).toBe('0.2s');
    await page.context().close();
  });

  it('[CELULA][NAVIGATE]: with reduced motion asked for, the page does not animate', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await mainMenu(page).getByRole('link', { name: 'Manual da Célula' }).click();
    await page.getByRole('heading', { name: 'Manual da Célula', level: 1 }).waitFor();
    expect((await animationOf(page)).name).toBe('none');
    await page.context().close();
  });

  it('[CELULA][OPEN MENU]: on a narrow screen the menu slides in 250 ms, and not at all with reduced motion', async () => {
    const page = await openPage(browser, baseUrl, { width: 800, height: 900 });
    await signIn(page, 'celula@demo.portal', DEMO_PASSWORD);
    await expectPath(page, '/dashboard');
    const navDuration = () =>
      page
        .locator('nav[aria-label="Menu principal"]')
        .evaluate((el) => getComputedStyle(el).transitionDuration);
    await expect.poll(navDuration).toBe('0.25s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(navDuration).toBe('0s');
    await page.context().close();
  });
});
