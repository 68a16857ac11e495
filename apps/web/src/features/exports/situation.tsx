import { Badge } from '@mantine/core';
import type { ExportSituation } from '@portal/domain/contracts/exports';
import { INTERRUPTED_LABEL } from '@portal/domain/contracts/task-queue';
import type { ExportRow } from './api.ts';

const SITUATION: Record<ExportSituation, { label: string; color: string }> = {
  'na-fila': { label: 'Na fila', color: 'gray' },
  gerando: { label: 'Gerando', color: 'blue' },
  pronta: { label: 'Pronta', color: 'teal' },
  falhou: { label: 'Falhou', color: 'red' },
  expirada: { label: 'Expirada', color: 'gray' },
};

export function ExportSituationBadge({ row }: { row: Pick<ExportRow, 'situacao' | 'interrompida'> }) {
  if (row.interrompida)
    return (
      <Badge color="orange" variant="light">
        {INTERRUPTED_LABEL}
      </Badge>
    );
  return (
    <Badge color={SITUATION[row.situacao].color} variant="light">
      {SITUATION[row.situacao].label}
    </Badge>
  );
}

const n = (value: number) => value.toLocaleString('pt-BR');

/** "12.000 de 48.000 registros" while the file is written. */
export const rowsWritten = (row: ExportRow) =>
  row.linhas_total === null
    ? `${n(row.linhas_escritas)} registros`
    : `${n(row.linhas_escritas)} de ${n(row.linhas_total)} registros`;

/** How far the file is written, 0–100. */
export function percentWritten(row: ExportRow): number {
  if (row.situacao === 'pronta') return 100;
  if (!row.linhas_total) return 0;
  return Math.min(100, Math.round((row.linhas_escritas / row.linhas_total) * 100));
}
