import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './ActionBar.module.css';

/** The record's buttons, stuck to the bottom of the screen on desktop and phone (issue 15). */
export function ActionBar({ start, end }: { start: ReactNode; end: ReactNode }) {
  return (
    <div className={classes.bar} role="group" aria-label="Ações da solicitação">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          {start}
        </Group>
        <Group gap="sm" wrap="wrap" justify="flex-end">
          {end}
        </Group>
      </Group>
    </div>
  );
}
