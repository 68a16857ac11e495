import { Menu } from '@mantine/core';
import { cloneElement, useEffect, useRef, useState } from 'react';
import type { ItemMenuProps } from './item-menu-props.ts';

/** `ItemMenu` once its code is here, which is on the button's first click: it opens at once. */
export function LoadedItemMenu({ button, items, position }: ItemMenuProps) {
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  // This button replaced the one clicked: the focus moves to it before the menu opens, so the menu
  // gives it back there when it closes.
  useEffect(() => {
    target.current?.focus();
    const frame = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Menu position={position} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{cloneElement(button, { ref: target })}</Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item
            key={item.key}
            leftSection={item.leftSection}
            fw={item.selected ? 700 : undefined}
            onClick={item.onClick}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
