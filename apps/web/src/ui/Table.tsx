import { Box, type BoxProps } from '@mantine/core';
import type { ComponentPropsWithoutRef, CSSProperties, ReactNode } from 'react';
import classes from './Table.module.css';

/*
 * A table drawn as Mantine's Table draws it, with the parts this portal uses. Mantine's own module
 * takes its scroll container along, and with it ScrollArea and floating-ui's positioning: 21 KB
 * gzip in the first load of every list and of the dashboard (issue 31).
 */

interface TableProps extends ComponentPropsWithoutRef<'table'> {
  striped?: boolean;
  highlightOnHover?: boolean;
  /** The header stays on top while the rows scroll under it. */
  stickyHeader?: boolean;
  /** Rows taller than the default 7 px padding. */
  verticalSpacing?: 'xs';
}

function Table({
  striped,
  highlightOnHover,
  stickyHeader,
  verticalSpacing,
  className,
  ...table
}: TableProps) {
  return (
    <table
      {...table}
      className={className ? `${classes.table} ${className}` : classes.table}
      data-striped={striped || undefined}
      data-hover={highlightOnHover || undefined}
      data-sticky={stickyHeader || undefined}
      data-spacing={verticalSpacing}
    />
  );
}

type CellProps<Tag extends 'th' | 'td'> = BoxProps & Omit<ComponentPropsWithoutRef<Tag>, keyof BoxProps>;

/** Wide content scrolls sideways below `minWidth` pixels, with the browser's own scrollbar. */
function ScrollContainer({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <div className={classes.scroll} style={{ '--table-min-width': `${minWidth}px` } as CSSProperties}>
      {children}
    </div>
  );
}

Table.Thead = (props: ComponentPropsWithoutRef<'thead'>) => <thead {...props} />;
Table.Tbody = (props: ComponentPropsWithoutRef<'tbody'>) => <tbody {...props} />;
Table.Tr = (props: ComponentPropsWithoutRef<'tr'>) => <tr {...props} />;
Table.Th = (props: CellProps<'th'>) => <Box component="th" {...props} />;
Table.Td = (props: CellProps<'td'>) => <Box component="td" {...props} />;
Table.ScrollContainer = ScrollContainer;

export { Table };
