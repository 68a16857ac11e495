import { regularizationStatusLabel, statusLabel, type Flow, type StatusLabelKind } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { statusLabelEntries } from './api.ts';
import { lookupKeys } from './queryKeys.ts';

/**
 * A status's name on one form (or the regularization): the administrators' label, or the domain's
 * until that arrives.
 */
export type StatusLabelOf = (flow: Flow, kind: StatusLabelKind, status: number) => string;

const domainLabel: StatusLabelOf = (flow, kind, status) =>
  kind === 'regularizacao' ? regularizationStatusLabel(status) : statusLabel(status, flow, kind);

/** Read once per session (the query cache is cleared when the session changes) and after a label is saved. */

const keyOf = (flow: string, kind: string, status: number) => `${flow}.${kind}.${status}`;

export function useStatusLabel(): StatusLabelOf {
  const { data } = useQuery({
    queryKey: lookupKeys.statusLabels(),
    queryFn: async () =>
      new Map((await statusLabelEntries()).map((e) => [keyOf(e.fluxo, e.tipo, e.codigo), e.rotulo])),
    staleTime: Infinity,
    gcTime: Infinity,
    // A failed read is not worth an error: the domain's names are correct, only not customised.
    retry: 1,
  });
  return useCallback(
    (flow, kind, status) => data?.get(keyOf(flow, kind, status)) || domainLabel(flow, kind, status),
    [data],
  );
}
