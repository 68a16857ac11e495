import type { GuideAudience } from '@portal/domain';

/**
 * The titles of the menu's manuals and presentation decks (spec part 1 §1), one of each per audience.
 * The route table's breadcrumbs read them; the text (manuals.ts, decks.ts) loads with its page.
 */

export const MANUALS: Record<GuideAudience, { title: string }> = {
  celula: { title: 'Manual da Célula' },
  regional: { title: 'Manual da Regional' },
  empresas: { title: 'Manual das Empresas' },
};

export const DECKS: Record<GuideAudience, { title: string }> = {
  celula: { title: 'Apresentação Nova UC' },
  regional: { title: 'Apresentação Regional' },
  empresas: { title: 'Apresentação Empresas' },
};
