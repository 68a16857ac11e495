import { Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { DashboardGroup, HomeTotals } from '@portal/domain';
import { IconArrowsExchange, IconBuildingFactory2 } from '@tabler/icons-react';
import { CounterCard } from './CounterCard.tsx';

const GROUP_LOOK = {
  troca: { icon: IconArrowsExchange, description: 'Solicitações de troca de titularidade de energia' },
  nova: { icon: IconBuildingFactory2, description: 'Solicitações de novas unidades consumidoras de energia' },
} as const;

interface Props {
  group: DashboardGroup;
  totals: HomeTotals | null | undefined;
}

export function CounterGroup({ group, totals }: Props) {
  const { icon: Icon, description } = GROUP_LOOK[group.kind];
  const headingId = `group-${group.kind}`;
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={36} radius="md" variant="filled" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg" id={headingId}>
            {group.title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 3, xl: 5 }} spacing={{ base: 'xs', sm: 'md' }}>
        {group.cards.map((card) => (
          <CounterCard key={card.total} card={card} value={totals && (totals[card.total] ?? 0)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
