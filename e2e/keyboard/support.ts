import type { Page } from 'playwright-core';

/** What the keyboard is on: enough to tell a link, a button or a field by what a user reads. */
export interface Focused {
  tag: string;
  name: string;
}

export const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { tag: '', name: '' };
    const input = el as HTMLInputElement;
    const label = input.labels?.[0]?.innerText ?? '';
    const name = el.getAttribute('aria-label') ?? (label || el.innerText || '');
    return { tag: el.tagName.toLowerCase(), name: name.replace(/\s+/g, ' ').replace(/ \*$/, '').trim() };
  });

/**
 * Presses Tab (Shift+Tab when `back`) until the focused element's name matches, as a keyboard
 * user would; fails when it is not reached within `limit` presses, i.e. it is not reachable.
 */
export async function tabTo(page: Page, name: RegExp, { back = false, limit = 120 } = {}): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (name.test(now.name)) return now;
    seen.push(`${now.tag}:${now.name.slice(0, 40)}`);
  }
  throw new Error(`${name} não foi alcançado pelo teclado; passou por: ${seen.slice(-30).join(' | ')}`);
}
