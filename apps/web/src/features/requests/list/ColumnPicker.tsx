import { Button } from '@mantine/core';
import { useState } from 'react';
import type { ColumnPickerPanel } from './ColumnPickerPanel.tsx';
import { columnsButtonProps, type ColumnPickerProps } from './columnPickerProps.tsx';

const loadPanel = () => import('./ColumnPickerPanel.tsx');

/**
 * "Colunas": which columns the list shows. The panel (a popover, with floating-ui) is fetched when
 * the button is first reached, pointer or keyboard, and opens on the first click (issue 31's rule).
 */
export function ColumnPicker(props: ColumnPickerProps) {
  const [Panel, setPanel] = useState<typeof ColumnPickerPanel>();
  if (Panel) return <Panel {...props} />;
  return (
    <Button
      {...columnsButtonProps}
      aria-haspopup="dialog"
      onClick={() => void loadPanel().then((module) => setPanel(() => module.ColumnPickerPanel))}
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
    />
  );
}
