import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Switch,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { NotificationRow } from '@portal/domain/contracts/notifications';
import { useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { useEmailPreference, useMarkAllRead, useMarkRead, useNotifications } from './api.ts';
import classes from './NotificationBell.module.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

const failed = (err: unknown) => toastError(err instanceof Error ? err.message : 'Não foi possível salvar');

/** The bell's panel: the newest notices, "mark all read" and my e-mail choice. */
export function NotificationPanel({ unread, onOpenRecord }: { unread: number; onOpenRecord: () => void }) {
  const list = useNotifications(true);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const preference = useEmailPreference();
  const navigate = useNavigate();

  const open = (notice: NotificationRow) => {
    if (!notice.lida_em) markRead.mutate(notice.id, { onError: failed });
    onOpenRecord();
    void navigate(notice.link);
  };

  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py="sm" className={classes.header}>
        <Text fw={700} component="h2" size="md" m={0}>
          Notificações
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: failed })}
        >
          Marcar todas como lidas
        </Button>
      </Group>
      <ScrollArea.Autosize mah={360} type="auto">
        {list.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Carregando notificações" />
          </Group>
        ) : list.isError ? (
          <Alert color="red" m="md">
            {list.error.message}
          </Alert>
        ) : list.data.dados.length === 0 ? (
          <Text p="md" size="sm">
            Nenhuma notificação. Quando uma solicitação sua ou da sua regional mudar de status, o aviso
            aparece aqui.
          </Text>
        ) : (
          <ul className={classes.list} aria-label="Notificações, mais recentes primeiro">
            {list.data.dados.map((notice) => (
              <li key={notice.id} className={classes.item} data-unread={!notice.lida_em || undefined}>
                <UnstyledButton className={classes.open} onClick={() => open(notice)}>
                  <Text size="sm" fw={notice.lida_em ? 500 : 700}>
                    {!notice.lida_em && (
                      <>
                        <span className={classes.dot} aria-hidden />
                        <VisuallyHidden>Não lida: </VisuallyHidden>
                      </>
                    )}
                    {notice.titulo}
                  </Text>
                  <Text size="sm">{notice.mensagem}</Text>
                  <Text size="xs" className={classes.when}>
                    {when(notice.criada_em)}
                  </Text>
                </UnstyledButton>
                {!notice.lida_em && (
                  <Anchor
                    component="button"
                    type="button"
                    size="xs"
                    className={classes.markRead}
                    onClick={() => markRead.mutate(notice.id, { onError: failed })}
                  >
                    Marcar como lida
                  </Anchor>
                )}
              </li>
            ))}
          </ul>
        )}
      </ScrollArea.Autosize>
      {list.data && (
        <Switch
          className={classes.footer}
          px="md"
          py="sm"
          label="Receber e-mails"
          description="Avisos de mudança de status também por e-mail. O sino continua avisando."
          checked={list.data.recebe_emails}
          disabled={preference.isPending}
          onChange={(event) =>
            preference.mutate(event.currentTarget.checked, {
              onSuccess: (reply) => toastSuccess(reply.msg),
              onError: failed,
            })
          }
        />
      )}
    </Stack>
  );
}
