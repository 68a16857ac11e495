import { REGULARIZATION_LIST_PATHS, REGULARIZATION_TITLES, type Flow, type MenuKey } from '@portal/domain';

/** The two regularization screens (spec part 2 §2.1): energy at /consolidacao, water at /agua/consolidacao. */
export interface RegularizationScreen {
  flow: Flow;
  title: string;
  menuKey: MenuKey;
  /** The calls' prefix under /api. */
  apiBase: string;
  listPath: string;
}

export const REGULARIZATION_SCREENS: Record<Flow, RegularizationScreen> = {
  energia: {
    flow: 'energia',
    title: REGULARIZATION_TITLES.energia,
    menuKey: 'consolidacao',
    apiBase: 'consolidacao',
    listPath: REGULARIZATION_LIST_PATHS.energia,
  },
  agua: {
    flow: 'agua',
    title: REGULARIZATION_TITLES.agua,
    menuKey: 'agua-consolidacao',
    apiBase: 'agua/consolidacao',
    listPath: REGULARIZATION_LIST_PATHS.agua,
  },
};

export const editPath = (screen: RegularizationScreen, id: number) =>
  `${screen.listPath}/cadastro/${id}/editar`;
