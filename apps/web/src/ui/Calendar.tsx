import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { Popover } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import type { ReactElement } from 'react';

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

interface PopoverProps extends Props {
  /** The date field's button, the popover's target. */
  field: ReactElement;
  /** The field's id: with it, a label or a refused save still finds the popover's target. */
  id?: string;
  opened: boolean;
  onOpenedChange: (opened: boolean) => void;
}

/** The calendar in a popover under its field; fetched with the calendar, when a field first opens. */
export function CalendarPopover({ field, id, opened, onOpenedChange, onChange, ...calendar }: PopoverProps) {
  return (
    <Popover
      id={id}
      opened={opened}
      onChange={onOpenedChange}
      position="bottom-start"
      trapFocus
      returnFocus={false}
    >
      <Popover.Target>{field}</Popover.Target>
      <Popover.Dropdown>
        <Calendar
          {...calendar}
          onChange={(date) => {
            onChange(date);
            onOpenedChange(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
