import { GROUP, PROFILE } from '@portal/domain';

/**
 * Demo companies and one user per access group, all with the published DEMO_PASSWORD: only on the
 * embedded database and only on the start that creates it (demo-policy.ts). Check digits are valid.
 */
export const DEMO_PASSWORD = 'Portal@2026';

export const DEMO_COMPANIES = [
  {
    key: 'cliente',
    razaoSocial: 'Operadora Telecom Brasil S.A.',
    cnpj: '48392015000179',
    cidade: 'São Paulo',
    cep: '04571000',
    email: 'energia@telecom.demo',
    telefone: '1130901000',
  },
  {
    key: 'provedor',
    razaoSocial: 'Xerox/AM Energia Gestão de Utilidades Ltda.',
    cnpj: '27184563000133',
    cidade: 'Barueri',
    cep: '06454000',
    email: 'operacao@amenergia.demo',
    telefone: '1141332000',
  },
  {
    key: 'tower',
    razaoSocial: 'Torres Brasil Infraestrutura S.A.',
    cnpj: '35810274000120',
    cidade: 'Rio de Janeiro',
    cep: '20031170',
    email: 'contas@torresbrasil.demo',
    telefone: '2135550100',
  },
  {
    key: 'property',
    razaoSocial: 'Prisma Property Management Ltda.',
    cnpj: '61927458000185',
    cidade: 'Curitiba',
    cep: '80420090',
    email: 'facilities@prisma.demo',
    telefone: '4132210450',
  },
  {
    key: 'solicitante',
    razaoSocial: 'Conecta Engenharia e Serviços Ltda.',
    cnpj: '74261539000130',
    cidade: 'Belo Horizonte',
    cep: '30130010',
    email: 'obras@conecta.demo',
    telefone: '3133345566',
  },
] as const;

/** Water-flow companies (agua/empresas), a separate list in the spec. Check digits are valid. */
export const DEMO_WATER_COMPANIES = [
  {
    razaoSocial: 'Operadora Telecom Brasil S.A. - Água',
    cnpj: '48392015000179',
    cidade: 'São Paulo',
    cep: '04571000',
    email: 'agua@telecom.demo',
    telefone: '1130901001',
  },
  {
    razaoSocial: 'Conecta Engenharia e Serviços Ltda.',
    cnpj: '74261539000130',
    cidade: 'Belo Horizonte',
    cep: '30130010',
    email: 'agua@conecta.demo',
    telefone: '3133345567',
  },
] as const;

/** A manager for each regional, so the Regional screen opens complete. */
export const DEMO_REGIONAL_MANAGERS: Record<string, { gestor: string; emailGestor: string }> = {
  TCO: { gestor: 'Marcos Azevedo', emailGestor: 'marcos.azevedo@telecom.demo' },
  TNO: { gestor: 'Luciana Barros', emailGestor: 'luciana.barros@telecom.demo' },
  TLE: { gestor: 'Eduardo Lima', emailGestor: 'eduardo.lima@telecom.demo' },
  TNE: { gestor: 'Patrícia Nogueira', emailGestor: 'patricia.nogueira@telecom.demo' },
  TRJ: { gestor: 'Ricardo Mendes', emailGestor: 'ricardo.mendes@telecom.demo' },
  TSL: { gestor: 'Fernanda Rocha', emailGestor: 'fernanda.rocha@telecom.demo' },
  TSP: { gestor: 'Gustavo Prado', emailGestor: 'gustavo.prado@telecom.demo' },
};

export type DemoCompanyKey = (typeof DEMO_COMPANIES)[number]['key'];

export interface DemoUser {
  email: string;
  name: string;
  empresa: DemoCompanyKey;
  grupo: number;
  perfil: number;
  regionais?: string[];
  trocarSenha?: 0 | 1;
  telefone: string;
  cnpj: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@demo.portal',
    name: 'Ana Administradora',
    empresa: 'cliente',
    grupo: GROUP.CELULA,
    perfil: PROFILE.ADMINISTRADOR,
    telefone: '11991000001',
    cnpj: '48392015000179',
  },
  {
    email: 'celula@demo.portal',
    name: 'Carlos Célula',
    empresa: 'cliente',
    grupo: GROUP.CELULA,
    perfil: PROFILE.CADASTRO_UC,
    telefone: '11991000002',
    cnpj: '48392015000179',
  },
  {
    email: 'regional@demo.portal',
    name: 'Renata Regional',
    empresa: 'cliente',
    grupo: GROUP.REGIONAL,
    perfil: PROFILE.CADASTRO_UC,
    regionais: ['TSP'],
    telefone: '11991000003',
    cnpj: '48392015000179',
  },
  {
    email: 'amee@demo.portal',
    name: 'Alberto Operador AME',
    empresa: 'provedor',
    grupo: GROUP.AMEE,
    perfil: PROFILE.CADASTRO_UC,
    telefone: '11991000004',
    cnpj: '27184563000133',
  },
  {
    email: 'tower@demo.portal',
    name: 'Tânia Tower',
    empresa: 'tower',
    grupo: GROUP.TOWER,
    perfil: PROFILE.CADASTRO_UC,
    telefone: '21991000005',
    cnpj: '35810274000120',
  },
  {
    email: 'property@demo.portal',
    name: 'Paulo Property',
    empresa: 'property',
    grupo: GROUP.PROPERTY,
    perfil: PROFILE.CADASTRO_UC,
    telefone: '41991000006',
    cnpj: '61927458000185',
  },
  {
    email: 'solicitante@demo.portal',
    name: 'Sofia Solicitante',
    empresa: 'solicitante',
    grupo: GROUP.SOLICITANTE,
    perfil: PROFILE.CADASTRO_UC,
    telefone: '31991000007',
    cnpj: '74261539000130',
  },
  {
    email: 'consulta@demo.portal',
    name: 'Cláudio Consulta',
    empresa: 'cliente',
    grupo: GROUP.CELULA,
    perfil: PROFILE.CONSULTA,
    telefone: '11991000008',
    cnpj: '48392015000179',
  },
  {
    email: 'novo@demo.portal',
    name: 'Nelson Novato',
    empresa: 'solicitante',
    grupo: GROUP.SOLICITANTE,
    perfil: PROFILE.CADASTRO_UC,
    trocarSenha: 0,
    telefone: '31991000009',
    cnpj: '74261539000130',
  },
];
