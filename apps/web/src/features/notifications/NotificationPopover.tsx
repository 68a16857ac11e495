import { Popover } from '@mantine/core';
import type { ReactElement } from 'react';
import { NotificationPanel } from './NotificationPanel.tsx';

interface Props {
  /** The bell's button, the popover's target. */
  bell: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
  unread: number;
}

/** The bell's panel, under it; loaded with the panel when the bell is first opened. */
export function NotificationPopover({ bell, opened, onChange, unread }: Props) {
  return (
    <Popover
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      width={380}
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>{bell}</Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label="Notificações" data-notifications>
        {opened && <NotificationPanel unread={unread} onOpenRecord={() => onChange(false)} />}
      </Popover.Dropdown>
    </Popover>
  );
}
