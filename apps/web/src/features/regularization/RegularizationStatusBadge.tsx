import { Badge } from '@mantine/core';
import { REG_STATUS, regularizationStatusLabel } from '@portal/domain';

/** Presentation only: refused red, approved teal, updated in the base violet, the rest in progress. */
const COLORS: Partial<Record<number, string>> = {
  [REG_STATUS.DIVERGENTE]: 'orange',
  [REG_STATUS.APROVADO_CELULA]: 'teal',
  [REG_STATUS.ATUALIZADO_BASE]: 'violet',
  [REG_STATUS.RECUSADO_CELULA]: 'red',
};

export function RegularizationStatusBadge({ status }: { status: number }) {
  return (
    <Badge variant="light" color={COLORS[status] ?? 'brand'} tt="none" radius="sm">
      {regularizationStatusLabel(status)}
    </Badge>
  );
}
