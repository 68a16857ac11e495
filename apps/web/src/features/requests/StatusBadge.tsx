import { Badge } from '@mantine/core';
import { STATUS, type RequestForm } from '@portal/domain';
import { useStatusLabel } from './useStatusLabel.ts';

/** Presentation only: refusals red, approvals green, the end of the road violet, the rest in progress. */
const COLORS: Partial<Record<number, string>> = {
  [STATUS.RECUSADA_REGIONAL]: 'red',
  [STATUS.RECUSADA_CELULA]: 'red',
  [STATUS.RECUSADA_CELULA_TOWER]: 'orange',
  [STATUS.RECUSADA_XEROX]: 'orange',
  [STATUS.RECUSADA_ANALISE]: 'red',
  [STATUS.APROVADA_REGIONAL]: 'cyan',
  [STATUS.APROVADA_CELULA_AGUARDANDO]: 'teal',
  [STATUS.APROVADA]: 'green',
  [STATUS.APROVADO_ANALISE]: 'teal',
  [STATUS.INSERIDA_BASE]: 'violet',
};

export function StatusBadge({ form, status }: { form: RequestForm; status: number }) {
  const statusName = useStatusLabel();
  return (
    <Badge variant="light" color={COLORS[status] ?? 'brand'} tt="none" radius="sm">
      {statusName(form.flow, form.kind, status)}
    </Badge>
  );
}
