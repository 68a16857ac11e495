import { Input, InputBase } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useState, type FocusEventHandler, type ReactNode } from 'react';
import type { CalendarPopover } from './Calendar.tsx';

interface Props {
  id?: string;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** yyyy-mm-dd; empty: null (or '' from a form). */
  value?: string | null;
  onChange: (value: string | null) => void;
  onFocus?: FocusEventHandler<HTMLButtonElement>;
  onBlur?: FocusEventHandler<HTMLButtonElement>;
  minDate?: string;
  maxDate?: string;
  /** A button that empties the field. */
  clearable?: boolean;
  w?: number;
}

const loadCalendar = () => import('./Calendar.tsx');

/** dd/mm/aaaa, whatever the browser's language (issue 15 item 7). */
const shown = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/**
 * A date field of the portal, as Mantine's DatePickerInput draws it: the date as dd/mm/aaaa on a
 * button that opens a calendar under it. The calendar (Mantine Dates, dayjs, the pt-BR locale:
 * 20 KB) is fetched when a field is first opened, not with every page that shows one.
 */
export function DateField({ value, onChange, minDate, maxDate, clearable, ...field }: Props) {
  const [opened, setOpened] = useState(false);
  // The popover comes with the calendar (floating-ui with it), and opens with it in it, so its
  // focus trap has a day to focus.
  const [Popover, setPopover] = useState<typeof CalendarPopover>();
  const open = () =>
    void loadCalendar().then((module) => {
      setPopover(() => module.CalendarPopover);
      setOpened(true);
    });

  const button = (
    <InputBase
      {...field}
      component="button"
      type="button"
      // Mantine's mark of a date picker's button, which the browser journeys look for.
      data-dates-input
      pointer
      multiline
      leftSection={<IconCalendar size={16} />}
      rightSection={
        clearable && value && !field.disabled ? (
          <Input.ClearButton onClick={() => onChange(null)} />
        ) : undefined
      }
      onClick={() => (opened ? setOpened(false) : open())}
      // Reaching the field (pointer or keyboard) fetches the calendar before the click.
      onPointerEnter={() => void loadCalendar()}
      onFocus={(event) => {
        void loadCalendar();
        field.onFocus?.(event);
      }}
    >
      {value ? shown(value) : <Input.Placeholder>dd/mm/aaaa</Input.Placeholder>}
    </InputBase>
  );
  if (!Popover) return button;
  return (
    <Popover
      field={button}
      id={field.id}
      opened={opened}
      onOpenedChange={setOpened}
      value={value || null}
      onChange={onChange}
      minDate={minDate}
      maxDate={maxDate}
    />
  );
}
