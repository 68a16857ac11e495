import { Anchor, Button } from '@mantine/core';
import {
  FILE_LINK_TEXT,
  isWebAddress,
  reportCellText,
  type ReportCell as Cell,
  type ReportColumn,
} from '@portal/domain/reports';
import { IconEye } from '@tabler/icons-react';

/** One cell of a report as the screen shows it; a file opens in the page's viewer. */
export function ReportCell({
  column,
  value,
  onViewFile,
}: {
  column: ReportColumn;
  value: Cell;
  onViewFile: (file: { url: string; nome: string }) => void;
}) {
  if (value === null || value === '') return '—';
  if (column.kind === 'file')
    return (
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconEye size={14} />}
        onClick={() => onViewFile({ url: String(value), nome: column.header })}
      >
        {FILE_LINK_TEXT}
      </Button>
    );
  // Someone else wrote it: a link only when it is a web address (§2.10).
  if (column.kind === 'url' && isWebAddress(String(value)))
    return (
      <Anchor href={String(value)} target="_blank" rel="noopener noreferrer" size="sm">
        {FILE_LINK_TEXT}
      </Anchor>
    );
  return reportCellText(column.kind, value);
}
