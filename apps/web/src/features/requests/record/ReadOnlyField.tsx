import { Stack, Text } from '@mantine/core';
import { useId } from 'react';

/**
 * A value this user may not change, shown as text (issue 15): a faint disabled input reads as
 * "broken" and hides the value; the block says why it is locked (RequestFieldsSection).
 */
export function ReadOnlyField({ label, value, field }: { label: string; value: string; field?: string }) {
  const id = useId();
  return (
    <Stack gap={2} data-readonly-field={field}>
      <Text id={id} size="sm" fw={500}>
        {label}
      </Text>
      {/* Named by its label like an input (a plain paragraph may not carry a name), and read-only. */}
      <Text
        component="div"
        role="textbox"
        aria-readonly="true"
        aria-labelledby={id}
        size="sm"
        c={value ? undefined : 'dimmed'}
        style={{ overflowWrap: 'anywhere' }}
      >
        {value || '—'}
      </Text>
    </Stack>
  );
}
