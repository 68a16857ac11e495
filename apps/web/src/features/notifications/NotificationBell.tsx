import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useUnreadCount } from './api.ts';
import type { NotificationPopover } from './NotificationPopover.tsx';

const unreadLabel = (n: number) =>
  n === 0
    ? 'Notificações, nenhuma não lida'
    : n === 1
      ? 'Notificações, 1 não lida'
      : `Notificações, ${n} não lidas`;

const loadPopover = () => import('./NotificationPopover.tsx');

/**
 * The bell of the top bar: how many of my notices are unread, and a panel with the newest ones
 * (opening one marks it read and opens its request), "mark all read" and my e-mail choice.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  // The popover and its panel (the list, the e-mail switch; with floating-ui, some 20 KB gzip) are
  // fetched when the bell is first opened, and it opens with them, so its focus trap has something
  // to focus.
  const [Popover, setPopover] = useState<typeof NotificationPopover>();
  // Until the count arrives the bell claims no number: "nenhuma não lida" would be a guess.
  const unread = useUnreadCount().data;
  const bellRef = useRef<HTMLButtonElement>(null);
  // The popover's bell replaces the one clicked: the focus moves to it before the panel opens, so
  // closing the panel gives the focus back to the bell.
  const toggle = () =>
    opened
      ? setOpened(false)
      : void loadPopover().then((module) => {
          setPopover(() => module.NotificationPopover);
          requestAnimationFrame(() => {
            bellRef.current?.focus();
            setOpened(true);
          });
        });
  const bell = (
    <ActionIcon
      ref={bellRef}
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={unread === undefined ? 'Notificações' : unreadLabel(unread)}
      onClick={toggle}
      // Reaching the bell (pointer or keyboard) fetches the panel before the click.
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
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
  );
  return Popover ? <Popover bell={bell} opened={opened} onChange={setOpened} unread={unread ?? 0} /> : bell;
}
