import { Menu } from '@mantine/core';
import type { ItemMenuProps } from './ItemMenu.tsx';

/** `ItemMenu` once its code is here: open at once, since it comes on the button's first click. */
export function LoadedItemMenu({ button, items, position }: ItemMenuProps) {
  return (
    <Menu position={position} withinPortal defaultOpened>
      <Menu.Target>{button}</Menu.Target>
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
