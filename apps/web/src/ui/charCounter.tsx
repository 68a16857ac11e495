import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What a text field with a maximum shows under it (issue 15 item 7): "12/200 caracteres", red once
 * past the maximum, after the field's own note if it has one. The field gets no maxLength: a
 * browser cuts pasted text there without a word, so the whole text stays, the counter says by how
 * much it is over, and the schema the server applies (packages/domain) refuses it with the
 * field's message.
 */
export function charCounter(value: string | null | undefined, max: number, note?: ReactNode) {
  // Counted as the schema counts (UTF-16 units), so the counter and the refusal agree.
  const length = (value ?? '').length;
  const over = length > max;
  return {
    description: (
      <>
        {note && <>{note} </>}
        <Text component="span" size="xs" c={over ? 'red' : 'dimmed'} data-counter>
          {length}/{max} caracteres{over ? ` (${length - max} além do máximo)` : ''}
        </Text>
      </>
    ),
  };
}
