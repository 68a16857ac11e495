import {
  IconArrowsExchange,
  IconArrowsRightLeft,
  IconBolt,
  IconBook,
  IconBuildingBroadcastTower,
  IconBuildingFactory2,
  IconBuildingSkyscraper,
  IconChartBar,
  IconChecks,
  IconCloudUpload,
  IconDatabase,
  IconDroplet,
  IconDropletPlus,
  IconFileCertificate,
  IconFileSpreadsheet,
  IconHome,
  IconMap2,
  IconPresentation,
  IconPoint,
  IconSettings,
  IconTags,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

/** Presentation only: which picture goes next to each menu entry. Visibility lives in the domain. */
const SECTION_ICONS: Record<string, Icon> = {
  inicio: IconHome,
  energia: IconBolt,
  relatorios: IconChartBar,
  agua: IconDroplet,
  'cadastro-auxiliar': IconDatabase,
  'base-provedor': IconDatabase,
  gerenciar: IconSettings,
  ajuda: IconBook,
};

const ITEM_ICONS: Record<string, Icon> = {
  '/dashboard': IconHome,
  '/cadastro-uc-nova': IconBuildingFactory2,
  '/consolidacao': IconFileCertificate,
  '/troca-titularidade': IconArrowsExchange,
  '/agua/cadastro-uc-nova': IconDropletPlus,
  '/agua/troca-titularidade': IconArrowsExchange,
  '/agua/consolidacao': IconFileCertificate,
  '/conciliacao-da-base': IconCloudUpload,
  '/confirmacao-base': IconChecks,
  // The post-approval stages reuse pictures the shell already loads: each icon costs the first load.
  '/validacao-uc': IconChecks,
  '/validacao-final-uc': IconFileCertificate,
  '/acompanhamento-uc-nova': IconFileSpreadsheet,
  '/de-para': IconArrowsRightLeft,
  '/empresas': IconBuildingSkyscraper,
  '/regional': IconMap2,
  '/concessionarias': IconBuildingBroadcastTower,
  '/usuarios': IconUsers,
  '/grupo': IconUsersGroup,
  '/status/nova-unidade': IconTags,
  '/status/regularizacao': IconTags,
  '/logs': IconUsers,
};

export const sectionIcon = (key: string): Icon => SECTION_ICONS[key] ?? IconPoint;
export const itemIcon = (path: string): Icon =>
  ITEM_ICONS[path] ??
  (path.includes('/relatorios/')
    ? IconFileSpreadsheet
    : path.startsWith('/manuais/')
      ? IconBook
      : path.startsWith('/apresentacoes/')
        ? IconPresentation
        : IconPoint);
