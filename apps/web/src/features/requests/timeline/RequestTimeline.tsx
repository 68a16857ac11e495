import { Alert, Group, Loader, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import type { RequestForm } from '@portal/domain';
import {
  IconChecklist,
  IconHistory,
  IconMessage,
  IconPaperclip,
  IconFileX,
  IconPencil,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { StatusBadge } from '../StatusBadge.tsx';
import { useTimeline, type TimelineEntry } from './api.ts';
import { groupBySave, type TimelineGroup } from './group.ts';

const when = (iso: string) => dayjs(iso).format('DD/MM/YYYY [às] HH:mm');
const EMPTY = '(vazio)';

/** The bullet says what kind of event it was: the first entry of the save decides. */
const ICONS: Record<TimelineEntry['tipo'], ReactNode> = {
  status: <IconHistory size={14} />,
  campo: <IconPencil size={14} />,
  anexo_adicionado: <IconPaperclip size={14} />,
  anexo_removido: <IconFileX size={14} />,
  validacao: <IconChecklist size={14} />,
  observacao: <IconMessage size={14} />,
};

function EntryLine({ form, entry }: { form: RequestForm; entry: TimelineEntry }) {
  switch (entry.tipo) {
    case 'status':
      return (
        <Stack gap={2}>
          <Group gap={6}>
            <Text size="sm">Status:</Text>
            <StatusBadge form={form} status={entry.status ?? 0} />
          </Group>
          {entry.motivo && <Text size="sm" fw={500}>{`Motivo da recusa: ${entry.motivo}`}</Text>}
        </Stack>
      );
    case 'campo':
      // One text per line, so it reads (and is found) as 'Campo: antes → depois'.
      return <Text size="sm">{`${entry.campo}: ${entry.antes ?? EMPTY} → ${entry.depois ?? EMPTY}`}</Text>;
    case 'anexo_adicionado':
    case 'anexo_removido': {
      const what = entry.tipo === 'anexo_adicionado' ? 'Anexo adicionado' : 'Anexo removido';
      return <Text size="sm">{`${what}: ${entry.campo}${entry.texto ? ` (${entry.texto})` : ''}`}</Text>;
    }
    case 'validacao':
      return (
        <Text size="sm" fw={600}>
          {entry.texto}
        </Text>
      );
    case 'observacao':
      return <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{`Observação: ${entry.texto ?? ''}`}</Text>;
  }
}

function GroupItem({ form, group }: { form: RequestForm; group: TimelineGroup }) {
  return (
    <Stack gap={4}>
      {group.entries.map((entry, i) => (
        <EntryLine key={i} form={form} entry={entry} />
      ))}
    </Stack>
  );
}

/**
 * 'Histórico' on the record page (issue 15 item 4): the status changes, observations, field
 * changes, attachments and post-approval verdicts in one list, newest first, one event per save
 * with who and when. It replaces the spec's two history modals on this page.
 */
export function RequestTimeline({ form, id }: { form: RequestForm; id: number }) {
  const timeline = useTimeline(form, id);
  const groups = groupBySave(timeline.data?.dados ?? []);
  return (
    <Stack gap="sm" component="section" aria-labelledby="historico-da-solicitacao">
      <Title order={2} fz="md" id="historico-da-solicitacao">
        Histórico da solicitação
      </Title>
      {timeline.isPending ? (
        <Loader size="sm" aria-label="Carregando o histórico" />
      ) : timeline.isError ? (
        <Alert color="red" role="alert">
          Não foi possível carregar o histórico. {timeline.error.message}
        </Alert>
      ) : groups.length === 0 ? (
        <Text size="sm">Nenhum registro no histórico.</Text>
      ) : (
        <Timeline bulletSize={26} lineWidth={2} aria-label="Linha do tempo da solicitação">
          {groups.map((group, i) => (
            <Timeline.Item
              key={i}
              bullet={
                <ThemeIcon size={26} radius="xl" variant="light">
                  {ICONS[group.entries[0]!.tipo]}
                </ThemeIcon>
              }
              title={
                <Text size="sm" fw={700}>
                  {group.por ?? 'Usuário removido'}{' '}
                  <Text span size="sm" fw={400} c="gray.7">
                    em {when(group.em)}
                  </Text>
                </Text>
              }
            >
              <GroupItem form={form} group={group} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
