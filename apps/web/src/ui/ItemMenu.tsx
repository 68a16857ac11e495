import { cloneElement, useState, type ReactElement, type ReactNode, type Ref } from 'react';
import type { LoadedItemMenu } from './LoadedItemMenu.tsx';

export interface MenuItem {
  key: string;
  label: ReactNode;
  leftSection?: ReactNode;
  /** Drawn in bold: the current choice. */
  selected?: boolean;
  onClick: () => void;
}

export interface ItemMenuProps {
  /** The button that opens the menu. */
  button: ReactElement<{
    onClick?: () => void;
    onPointerEnter?: () => void;
    onFocus?: () => void;
    ref?: Ref<HTMLButtonElement>;
  }>;
  items: MenuItem[];
  position: 'bottom-end' | 'top-end';
}

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
