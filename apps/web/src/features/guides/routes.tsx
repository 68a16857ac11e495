import type { GuideAudience, MenuKey } from '@portal/domain';
import type { RouteObject } from 'react-router';
import { MenuGate } from '../../app/MenuGate.tsx';
import type { RouteHandle } from '../../app/shell/crumbs.ts';
import { DECKS, MANUALS } from './content.ts';
import { lazyPage } from '../../app/lazy-page.ts';

const DeckPage = lazyPage(() => import('./DeckPage.tsx'), 'DeckPage');
const ManualPage = lazyPage(() => import('./ManualPage.tsx'), 'ManualPage');

/** Each audience's manual and deck, behind the menu entries that show them (menu.ts). */
const GUIDES: { audience: GuideAudience; manual: [string, MenuKey]; deck: [string, MenuKey] }[] = [
  {
    audience: 'celula',
    manual: ['manuais/celula', 'manual-celula'],
    deck: ['apresentacoes/nova-uc', 'apresentacao-nova-uc'],
  },
  {
    audience: 'regional',
    manual: ['manuais/regional', 'manual-regional'],
    deck: ['apresentacoes/regional', 'apresentacao-regional'],
  },
  {
    audience: 'empresas',
    manual: ['manuais/empresas', 'manual-empresas'],
    deck: ['apresentacoes/empresas', 'apresentacao-empresas'],
  },
];

export const guideRoutes: RouteObject[] = GUIDES.flatMap(({ audience, manual, deck }) => [
  {
    path: manual[0],
    handle: { crumb: MANUALS[audience].title } satisfies RouteHandle,
    element: (
      <MenuGate menuKey={manual[1]}>
        <ManualPage audience={audience} />
      </MenuGate>
    ),
  },
  {
    path: deck[0],
    handle: { crumb: DECKS[audience].title } satisfies RouteHandle,
    element: (
      <MenuGate menuKey={deck[1]}>
        <DeckPage audience={audience} />
      </MenuGate>
    ),
  },
]);
