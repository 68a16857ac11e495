import {
  POST_APPROVAL_LIST_PATHS,
  POST_APPROVAL_TITLES,
  type PostApprovalList,
  type PostApprovalStage,
} from '@portal/domain';

/** What each list screen is called, where it lives and where its action leads. */
export interface StageScreen {
  lista: PostApprovalList;
  stage: PostApprovalStage;
  title: string;
  path: string;
  intro: string;
  action: string;
  actionPath: (id: number) => string;
}

export const STAGE_SCREENS: Record<PostApprovalList, StageScreen> = {
  'pre-validacao': {
    lista: 'pre-validacao',
    stage: 1,
    title: POST_APPROVAL_TITLES['pre-validacao'],
    path: POST_APPROVAL_LIST_PATHS['pre-validacao'],
    intro:
      'Unidades inseridas na base Xerox/AME aguardando a conferência técnica: site, regional, elemento de rede e tipologia.',
    action: 'Validar',
    actionPath: (id) => `/validar-uc/${id}/1`,
  },
  'validacao-final': {
    lista: 'validacao-final',
    stage: 2,
    title: POST_APPROVAL_TITLES['validacao-final'],
    path: POST_APPROVAL_LIST_PATHS['validacao-final'],
    intro: 'Unidades pré-validadas aguardando a confirmação de como serão pagas.',
    action: 'Validar',
    actionPath: (id) => `/validar-uc/${id}/2`,
  },
  acompanhamento: {
    lista: 'acompanhamento',
    stage: 3,
    title: POST_APPROVAL_TITLES['acompanhamento'],
    path: POST_APPROVAL_LIST_PATHS['acompanhamento'],
    intro: 'Unidades validadas aguardando a primeira fatura. Marque como Ativa quando ela chegar.',
    action: 'Acompanhar',
    actionPath: (id) => `/acompanhar-uc/${id}`,
  },
};

/** The screen that works a unit waiting at `stage` (none once it is 'Ativa'). */
export const screenOfStage = (stage: PostApprovalStage): StageScreen | undefined =>
  Object.values(STAGE_SCREENS).find((s) => s.stage === stage);
