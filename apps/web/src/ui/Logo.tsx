import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { BRAND } from '../app/branding.ts';

interface Props {
  inverted?: boolean;
}

export function Logo({ inverted = false }: Props) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={34} radius="md" variant={inverted ? 'white' : 'filled'} aria-hidden>
        <IconBolt size={20} />
      </ThemeIcon>
      <div>
        <Text fw={700} size="md" lh={1.1} c={inverted ? 'white' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {BRAND.shortProduct}
        </Text>
        <Text size="xs" lh={1.1} c={inverted ? 'brand.1' : 'dimmed'} visibleFrom="sm">
          Solicitações de UC
        </Text>
      </div>
    </Group>
  );
}
