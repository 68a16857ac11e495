import type { RequestForm } from '@portal/domain';
import { requestCalls } from '@portal/domain/contracts/calls/requests';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { requestKeys } from '../queryKeys.ts';

export type { Timeline, TimelineAttachment, TimelineEntry } from '@portal/domain/contracts/timeline';

/** Under the record's key: a save or a removed file invalidates it with the record. */
export const timelineKey = (form: RequestForm, id: number) =>
  [...requestKeys.record(form, id), 'linha-do-tempo'] as const;

export const readTimeline = (form: RequestForm, id: number) =>
  call(requestCalls(form.flow, form.kind).timeline, { body: { id_unidade: id } });

/** The request's timeline; the attachments section reads its uploader and date from the same answer. */
export const useTimeline = (form: RequestForm, id: number | undefined) =>
  useQuery({
    queryKey: timelineKey(form, id ?? 0),
    queryFn: () => readTimeline(form, id!),
    enabled: id !== undefined,
  });
