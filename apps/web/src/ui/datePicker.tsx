import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { IconCalendar } from '@tabler/icons-react';

/**
 * What every date picker of the portal shares: Brazilian month and day names, dd/mm/aaaa. The
 * locale is loaded here, with the pages that pick dates, not by the shell every screen loads.
 */
export const PT_BR_DATE_PICKER = {
  locale: 'pt-br',
  valueFormat: 'DD/MM/YYYY',
  placeholder: 'dd/mm/aaaa',
  leftSection: <IconCalendar size={16} />,
  // The calendar's paging buttons are icons: without a name a screen reader says only "botão".
  previousLabel: 'Anterior',
  nextLabel: 'Próximo',
} as const;
