import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useUnreadCount } from './api.ts';
import type { NotificationPanel } from './NotificationPanel.tsx';

const unreadLabel = (n: number) =>
  n === 0
    ? 'Notificações, nenhuma não lida'
    : n === 1
      ? 'Notificações, 1 não lida'
      : `Notificações, ${n} não lidas`;

const loadPanel = () => import('./NotificationPanel.tsx');

/**
 * The bell of the top bar: how many of my notices are unread, and a panel with the newest ones
 * (opening one marks it read and opens its request), "mark all read" and my e-mail choice.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  // The panel's code (the list, the e-mail switch) is fetched when the bell is first opened, and
  // the panel opens with it, so its focus trap has something to focus.
  const [Panel, setPanel] = useState<typeof NotificationPanel>();
  // Until the count arrives the bell claims no number: "nenhuma não lida" would be a guess.
  const unread = useUnreadCount().data;
  const toggle = () =>
    opened
      ? setOpened(false)
      : void loadPanel().then((module) => {
          setPanel(() => module.NotificationPanel);
          setOpened(true);
        });
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
          onClick={toggle}
          // Reaching the bell (pointer or keyboard) fetches the panel before the click.
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
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
        {opened && Panel && <Panel unread={unread ?? 0} onOpenRecord={() => setOpened(false)} />}
      </Popover.Dropdown>
    </Popover>
  );
}
