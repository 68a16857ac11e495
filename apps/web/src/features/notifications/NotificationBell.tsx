import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Switch,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { NotificationRow } from '@portal/domain/contracts/notifications';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { useEmailPreference, useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from './api.ts';
import classes from './NotificationBell.module.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

const unreadLabel = (n: number) =>
  n === 0
    ? 'Notificações, nenhuma não lida'
    : n === 1
      ? 'Notificações, 1 não lida'
      : `Notificações, ${n} não lidas`;

const failed = (err: unknown) => toastError(err instanceof Error ? err.message : 'Não foi possível salvar');

/**
 * The bell of the top bar: how many of my notices are unread, and a panel with the newest ones
 * (opening one marks it read and opens its request), "mark all read" and my e-mail choice.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  // Until the count arrives the bell claims no number: "nenhuma não lida" would be a guess.
  const unread = useUnreadCount().data;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={380}
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={unread === undefined ? 'Notificações' : unreadLabel(unread)}
          onClick={() => setOpened((o) => !o)}
        >
          {/* The count inside the button: the name ('Notificações, 3 não lidas') holds the text shown (axe). */}
          <Indicator
            label={unread !== undefined && unread > 99 ? '99+' : unread}
            size={18}
            color="red"
            disabled={!unread}
            offset={2}
            data-notifications
            data-testid="notification-count"
          >
            <IconBell size={22} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label="Notificações" data-notifications>
        {opened && <NotificationPanel unread={unread ?? 0} onOpenRecord={() => setOpened(false)} />}
      </Popover.Dropdown>
    </Popover>
  );
}

function NotificationPanel({ unread, onOpenRecord }: { unread: number; onOpenRecord: () => void }) {
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
