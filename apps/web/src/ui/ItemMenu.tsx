import { cloneElement, useState } from 'react';
import type { ItemMenuProps } from './item-menu-props.ts';
import type { LoadedItemMenu } from './LoadedItemMenu.tsx';

const loadMenu = () => import('./LoadedItemMenu.tsx');

/**
 * A button with a menu of choices (Mantine's Menu), whose code (the menu, its popover and
 * floating-ui: some 20 KB gzip) is fetched when the button is first reached, pointer or keyboard,
 * and which opens on the first click once it is here (issue 31).
 */
export function ItemMenu({ button, items, position }: ItemMenuProps) {
  const [Loaded, setLoaded] = useState<typeof LoadedItemMenu>();
  if (Loaded) return <Loaded button={button} items={items} position={position} />;
  return cloneElement(button, {
    onClick: () => void loadMenu().then((module) => setLoaded(() => module.LoadedItemMenu)),
    onPointerEnter: () => void loadMenu(),
    onFocus: () => void loadMenu(),
  });
}
