import { regionalLabel } from '@portal/domain';
import dayjs from 'dayjs';
import { cappedPaginationText } from '../../../ui/listTable.ts';
import { daysOpen } from '../record/RecordHeader.tsx';

/** What the list shows for an empty value. */
export const cellText = (value: string | null) => value || '—';

export const dateText = (value: string | null) => (value ? dayjs(value).format('DD/MM/YYYY') : '—');

export const regionalText = (sigla: string | null) => (sigla ? regionalLabel(sigla) : '—');

/** "Days open": whole days since the request was made, as the record's header counts them. */
export const daysText = (requestedAt: string) => {
  const days = daysOpen(requestedAt);
  return days === 1 ? '1 dia' : `${days} dias`;
};

/**
 * The spec's footer (part 1 §7): 'Mostrando X para Y de Z registros'; 'de mais de Z' when a text
 * search's total stopped counting at its limit (`total_limitado`).
 */
export const shownRange = (page: number, perPage: number, shown: number, total: number, limited: boolean) => {
  const from = shown ? (page - 1) * perPage + 1 : 0;
  return cappedPaginationText(limited)({ from, to: from ? from + shown - 1 : 0, totalRecords: total });
};
