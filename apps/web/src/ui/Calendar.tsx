import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { DatePicker } from '@mantine/dates';

interface Props {
  value: string | null;
  onChange: (value: string | null) => void;
  minDate?: string;
  maxDate?: string;
}

/**
 * The calendar under a date field (DateField): Brazilian month and day names, named paging
 * buttons. Its own chunk with Mantine Dates, dayjs and the locale, fetched when a field opens.
 */
export function Calendar({ value, onChange, minDate, maxDate }: Props) {
  return (
    <DatePicker
      // Mantine's date field gives its calendar this name: the same classes as before the split.
      __staticSelector="DatePickerInput"
      locale="pt-br"
      // Without a name a screen reader says only "botão".
      previousLabel="Anterior"
      nextLabel="Próximo"
      value={value}
      onChange={onChange}
      defaultDate={value ?? undefined}
      minDate={minDate}
      maxDate={maxDate}
    />
  );
}
