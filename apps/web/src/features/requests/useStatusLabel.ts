import { statusLabel, type Flow, type Kind } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { statusLabelEntries } from './api.ts';

/** A status's name on one form: the administrators' label, or the domain's until that arrives. */
export type StatusLabelOf = (flow: Flow, kind: Kind, status: number) => string;

/**
 * Under the admin feature's 'status-rotulos' key on purpose: a label saved on the Status screen
 * invalidates that key, so this session shows the new name at once. Otherwise the labels are read
 * once per session (the query cache is cleared when the session changes).
 */
export const STATUS_LABELS_KEY = ['admin', 'status-rotulos', 'rotulos'] as const;

const keyOf = (flow: string, kind: string, status: number) => `${flow}.${kind}.${status}`;

export function useStatusLabel(): StatusLabelOf {
  const { data } = useQuery({
    queryKey: STATUS_LABELS_KEY,
    queryFn: async () =>
      new Map((await statusLabelEntries()).map((e) => [keyOf(e.fluxo, e.tipo, e.codigo), e.rotulo])),
    staleTime: Infinity,
    gcTime: Infinity,
    // A failed read is not worth an error: the domain's names are correct, only not customised.
    retry: 1,
  });
  return useCallback(
    (flow, kind, status) => data?.get(keyOf(flow, kind, status)) || statusLabel(status, flow, kind),
    [data],
  );
}
