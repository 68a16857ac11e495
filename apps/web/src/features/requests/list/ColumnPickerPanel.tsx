import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import {
  DEFAULT_REQUEST_LIST_COLUMNS,
  orderedColumns,
  REQUEST_LIST_COLUMNS,
  requestListColumnLabel,
  type RequestListColumn,
} from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { columnsButtonProps, type ColumnPickerProps } from './columnPickerProps.tsx';

/**
 * `ColumnPicker` once its code is here: a popover with one checkbox per column, in the list's
 * order (Tab and Space work them; Escape closes and gives the focus back to the button). At least
 * one column stays: the last one checked cannot be unchecked.
 */
export function ColumnPickerPanel({ form, shown, onChange }: ColumnPickerProps) {
  const [opened, setOpened] = useState(false);
  // Checked at once: the list follows through the URL, whose navigation React may defer.
  const [checked, setChecked] = useState(shown);
  const [seen, setSeen] = useState(shown);
  if (seen !== shown) {
    setSeen(shown);
    setChecked(shown);
  }
  const choose = (next: RequestListColumn[]) => {
    setChecked(next);
    onChange(next);
  };
  const target = useRef<HTMLButtonElement>(null);
  // This button replaced the one clicked: the focus moves to it before the panel opens, so the
  // panel gives it back there when it closes.
  useEffect(() => {
    target.current?.focus();
    const frame = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <Button
          {...columnsButtonProps}
          ref={target}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
        />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Checkbox.Group
            label="Colunas mostradas"
            description="Nº sempre aparece."
            value={[...checked]}
            onChange={(values) => {
              const next = orderedColumns(values);
              if (next.length) choose(next);
            }}
          >
            <Stack gap={6} mt="xs">
              {REQUEST_LIST_COLUMNS.map((column) => (
                <Checkbox
                  key={column}
                  value={column}
                  label={requestListColumnLabel(form, column)}
                  disabled={checked.length === 1 && checked[0] === column}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Button size="xs" variant="subtle" onClick={() => choose([...DEFAULT_REQUEST_LIST_COLUMNS])}>
            Restaurar colunas padrão
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
