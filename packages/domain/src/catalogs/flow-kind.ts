/**
 * One request engine serves four forms: energy or water, new unit or change of holder.
 * Every difference between them is data keyed by this pair.
 */
export const FLOWS_LIST = ['energia', 'agua'] as const;
export const KINDS_LIST = ['nova', 'troca'] as const;
export type Flow = (typeof FLOWS_LIST)[number];
export type Kind = (typeof KINDS_LIST)[number];
export type FlowKey = `${Flow}.${Kind}`;

export const flowKey = (flow: Flow, kind: Kind): FlowKey => `${flow}.${kind}`;

export const ALL_FLOW_KINDS: readonly { flow: Flow; kind: Kind }[] = FLOWS_LIST.flatMap((flow) =>
  KINDS_LIST.map((kind) => ({ flow, kind })),
);
