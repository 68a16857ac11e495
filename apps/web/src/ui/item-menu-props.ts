import type { ReactElement, ReactNode, Ref } from 'react';

// Apart from ItemMenu, so the lazily loaded LoadedItemMenu takes its props without importing it.

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
