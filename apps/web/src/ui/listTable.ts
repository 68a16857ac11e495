import { PAGE_SIZES } from '@portal/domain';

/** How every list's table looks (DataTable props). */
export const LIST_TABLE_LOOK = {
  striped: true,
  highlightOnHover: true,
  minHeight: 180,
} as const;

export const NO_RESULTS = 'Nenhum resultado encontrado!';

/** The page sizes a list offers (part 1 §7), for the tables that let the user choose. */
export const PAGE_SIZE_CHOICE = {
  recordsPerPageOptions: [...PAGE_SIZES],
  recordsPerPageLabel: 'Registros por página',
};

interface PaginationCounts {
  from: number;
  to: number;
  totalRecords: number;
}

/** The spec's footer (part 1 §7): 'Mostrando X para Y de Z registros'. */
export const paginationText = ({ from, to, totalRecords }: PaginationCounts) =>
  `Mostrando ${from} para ${to} de ${totalRecords} registros`;

/** The footer of a list whose total stops counting at a cap: 'de mais de Z' once it is reached. */
export const cappedPaginationText =
  (limited: boolean) =>
  ({ from, to, totalRecords }: PaginationCounts) =>
    limited
      ? `Mostrando ${from} para ${to} de mais de ${totalRecords.toLocaleString('pt-BR')} registros`
      : paginationText({ from, to, totalRecords });
