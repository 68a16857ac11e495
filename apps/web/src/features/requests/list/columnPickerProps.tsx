import type { RequestForm, RequestListColumn } from '@portal/domain';
import { IconColumns } from '@tabler/icons-react';

// Apart from ColumnPicker, so the lazily loaded ColumnPickerPanel takes them without importing it.

export interface ColumnPickerProps {
  form: RequestForm;
  shown: readonly RequestListColumn[];
  onChange: (columns: RequestListColumn[]) => void;
}

/** The button's look, the same before and after its panel's code is here. */
export const columnsButtonProps = {
  variant: 'default',
  leftSection: <IconColumns size={16} aria-hidden />,
  children: 'Colunas',
} as const;
