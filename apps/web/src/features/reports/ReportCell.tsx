import { Button } from '@mantine/core';
import {
  FILE_LINK_TEXT,
  reportCellText,
  type ReportCell as Cell,
  type ReportColumn,
} from '@portal/domain/reports';
import { IconEye } from '@tabler/icons-react';
import { WebLink } from '../../ui/WebLink.tsx';

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
  const text = reportCellText(column.kind, value);
  // Someone else wrote it: a link only when it is a web address (§2.10).
  if (column.kind === 'url')
    return (
      <WebLink address={String(value)} fallback={text}>
        {FILE_LINK_TEXT}
      </WebLink>
    );
  return text;
}
