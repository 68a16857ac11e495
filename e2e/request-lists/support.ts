import type { Page } from 'playwright-core';
import { field } from '../support/ui.ts';

/** The statuses a request list's filter shows chosen (its pills), in order. */
export const statusFilterValues = (page: Page): Promise<string[]> =>
  page
    .locator('.mantine-MultiSelect-root, .mantine-InputWrapper-root')
    .filter({ has: field(page, 'Filtrar Status') })
    .first()
    .locator('.mantine-Pill-label')
    .allInnerTexts();
