import { Button } from '@mantine/core';
import type { RequestForm, RequestListColumn } from '@portal/domain';
import { IconColumns } from '@tabler/icons-react';
import { useState } from 'react';
import type { ColumnPickerPanel } from './ColumnPickerPanel.tsx';

export interface ColumnPickerProps {
  form: RequestForm;
  shown: readonly RequestListColumn[];
  onChange: (columns: RequestListColumn[]) => void;
}

const loadPanel = () => import('./ColumnPickerPanel.tsx');

/** The button's look, the same before and after its panel's code is here. */
export const columnsButtonProps = {
  variant: 'default',
  leftSection: <IconColumns size={16} aria-hidden />,
  children: 'Colunas',
} as const;

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
