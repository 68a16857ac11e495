import type { PostApprovalList, PostApprovalStage } from '@portal/domain';

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
    title: 'Pré-Validação de UC',
    path: '/validacao-uc',
    intro:
      'Unidades inseridas na base Xerox/AME aguardando a conferência técnica: site, regional, elemento de rede e tipologia.',
    action: 'Validar',
    actionPath: (id) => `/validar-uc/${id}/1`,
  },
  'validacao-final': {
    lista: 'validacao-final',
    stage: 2,
    title: 'Validação Final de UC',
    path: '/validacao-final-uc',
    intro: 'Unidades pré-validadas aguardando a confirmação de como serão pagas.',
    action: 'Validar',
    actionPath: (id) => `/validar-uc/${id}/2`,
  },
  acompanhamento: {
    lista: 'acompanhamento',
    stage: 3,
    title: 'Acompanhamento de UC Nova',
    path: '/acompanhamento-uc-nova',
    intro: 'Unidades validadas aguardando a primeira fatura. Marque como Ativa quando ela chegar.',
    action: 'Acompanhar',
    actionPath: (id) => `/acompanhar-uc/${id}`,
  },
};

/** The screen that works a unit waiting at `stage` (none once it is 'Ativa'). */
export const screenOfStage = (stage: PostApprovalStage): StageScreen | undefined =>
  Object.values(STAGE_SCREENS).find((s) => s.stage === stage);
