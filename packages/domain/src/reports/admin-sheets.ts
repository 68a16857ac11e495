import type {
  CompanyRow,
  ConcessionaireRow,
  GroupRow,
  RegionalRow,
  StatusLabelRow,
  UserRow,
} from '../contracts/admin.ts';
import type { Flow } from '../catalogs/flow-kind.ts';
import { PERMISSION_FLAGS, PERMISSION_LABELS } from '../access/groups.ts';
import type { StatusLabelKind } from '../schemas/admin-reference.ts';
import { REGULARIZATION_TITLES, requestForm } from '../workflow/forms.ts';
import type { ReportColumn, ReportRow } from './columns.ts';

/** How the administration names each flow and each kind of status list. */
export const FLOW_LABELS: Record<Flow, string> = { energia: 'Energia', agua: 'Água' };
/** A status list's kind by its flow's one name (forms.ts): 'UC Nova' for energy, 'Nova Matrícula' for water… */
export const statusKindLabel = (fluxo: Flow, tipo: StatusLabelKind): string =>
  tipo === 'regularizacao' ? REGULARIZATION_TITLES[fluxo] : requestForm(fluxo, tipo).title;

/**
 * The export of an administration list ('Exportar' on /usuarios, /grupo, /regional, /empresas,
 * /concessionarias, /status/…): its file, its columns, and the cells of one row of the list call.
 */
export interface AdminSheet<Row> {
  fileName: string;
  sheetName: string;
  columns: readonly ReportColumn[];
  cells: (row: Row) => ReportRow;
}

const yesNo = (value: boolean) => (value ? 'Sim' : 'Não');
/** An instant as the portal's wall clock (yyyy-mm-ddThh:mm:ss), a report's `datetime`. */
const wallClock = (iso: string) =>
  new Date(iso).toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo' }).replace(' ', 'T');

export const ADMIN_SHEETS = {
  usuarios: {
    fileName: 'usuarios',
    sheetName: 'Usuários',
    columns: [
      { key: 'name', header: 'Nome', kind: 'text' },
      { key: 'email', header: 'E-mail', kind: 'text' },
      { key: 'empresa', header: 'Empresa', kind: 'text' },
      { key: 'cnpj', header: 'CNPJ da Empresa', kind: 'taxId' },
      { key: 'telefone', header: 'Telefone', kind: 'text' },
      { key: 'grupo', header: 'Grupo de Acesso', kind: 'text' },
      { key: 'perfil', header: 'Perfil', kind: 'text' },
      { key: 'status', header: 'Status', kind: 'text' },
      { key: 'cadastrado', header: 'Cadastro', kind: 'datetime' },
    ],
    cells: (u: UserRow) => ({
      name: u.name,
      email: u.email,
      empresa: u.razao_social,
      cnpj: u.cnpj,
      telefone: u.telefone,
      grupo: u.grupo_nome,
      perfil: u.perfil_nome,
      status: u.id_status ? 'Ativo' : 'Inativo',
      cadastrado: wallClock(u.cadastrado),
    }),
  } satisfies AdminSheet<UserRow>,
  grupos: {
    fileName: 'grupos_de_acesso',
    sheetName: 'Grupos de Acesso',
    columns: [
      { key: 'nome', header: 'Grupo', kind: 'text' },
      { key: 'papel', header: 'Papel', kind: 'text' },
      ...PERMISSION_FLAGS.map((flag): ReportColumn => ({
        key: flag,
        header: PERMISSION_LABELS[flag],
        kind: 'text',
      })),
    ],
    cells: (g: GroupRow) => ({
      nome: g.nome,
      papel: g.papel_nome,
      ...Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, yesNo(g[flag])])),
    }),
  } satisfies AdminSheet<GroupRow>,
  regionais: {
    fileName: 'regionais',
    sheetName: 'Regionais',
    columns: [
      { key: 'regional', header: 'Regional', kind: 'text' },
      { key: 'gestor', header: 'Gestor', kind: 'text' },
      { key: 'email_gestor', header: 'E-mail do Gestor', kind: 'text' },
      ...([1, 2, 3, 4] as const).flatMap((n): ReportColumn[] => [
        { key: `nome_focal${n}`, header: `Nome do Focal ${n}`, kind: 'text' },
        { key: `focal${n}`, header: `E-mail do Focal ${n}`, kind: 'text' },
      ]),
      { key: 'ufs', header: 'UFs Atendidas', kind: 'text' },
      { key: 'cadastrado', header: 'Cadastro', kind: 'datetime' },
    ],
    cells: (r: RegionalRow) => {
      const { id: _id, version: _version, cadastrado, ufs, ...fields } = r;
      return { ...fields, ufs: ufs.join(', '), cadastrado: wallClock(cadastrado) };
    },
  } satisfies AdminSheet<RegionalRow>,
  empresas: {
    fileName: 'empresas',
    sheetName: 'Empresas',
    columns: [
      { key: 'razao_social', header: 'Razão Social', kind: 'text' },
      { key: 'cnpj', header: 'CNPJ', kind: 'taxId' },
      { key: 'cidade', header: 'Cidade', kind: 'text' },
      { key: 'cep', header: 'CEP', kind: 'text' },
      { key: 'email', header: 'E-mail', kind: 'text' },
      { key: 'telefone', header: 'Telefone', kind: 'text' },
      { key: 'status', header: 'Status', kind: 'text' },
      { key: 'cadastrado', header: 'Cadastro', kind: 'datetime' },
    ],
    cells: (c: CompanyRow) => ({
      razao_social: c.razao_social,
      cnpj: c.cnpj,
      cidade: c.cidade,
      cep: c.cep,
      email: c.email,
      telefone: c.telefone,
      status: c.status ? 'Ativa' : 'Inativa',
      cadastrado: wallClock(c.cadastrado),
    }),
  } satisfies AdminSheet<CompanyRow>,
  concessionarias: {
    fileName: 'concessionarias',
    sheetName: 'Concessionárias',
    columns: [
      { key: 'nome', header: 'Nome', kind: 'text' },
      { key: 'sigla', header: 'Sigla', kind: 'text' },
      { key: 'fluxo', header: 'Fluxo', kind: 'text' },
      { key: 'ufs', header: 'UF', kind: 'text' },
      { key: 'ativo', header: 'Ativa', kind: 'text' },
    ],
    cells: (c: ConcessionaireRow) => ({
      nome: c.nome,
      sigla: c.sigla,
      fluxo: FLOW_LABELS[c.fluxo],
      ufs: c.ufs.join(', '),
      ativo: yesNo(c.ativo),
    }),
  } satisfies AdminSheet<ConcessionaireRow>,
  'status-rotulos': {
    fileName: 'status',
    sheetName: 'Status',
    columns: [
      { key: 'fluxo', header: 'Fluxo', kind: 'text' },
      { key: 'tipo', header: 'Tipo', kind: 'text' },
      { key: 'codigo', header: 'Código', kind: 'number' },
      { key: 'rotulo', header: 'Rótulo', kind: 'text' },
    ],
    cells: (s: StatusLabelRow) => ({
      fluxo: FLOW_LABELS[s.fluxo],
      tipo: statusKindLabel(s.fluxo, s.tipo),
      codigo: s.codigo,
      rotulo: s.rotulo,
    }),
  } satisfies AdminSheet<StatusLabelRow>,
};
export type AdminSheetKey = keyof typeof ADMIN_SHEETS;
