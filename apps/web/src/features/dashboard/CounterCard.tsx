import { Anchor, Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { DashboardCard } from '@portal/domain';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './Dashboard.module.css';
import { statusLook } from './statusLook.ts';

interface Props {
  card: DashboardCard;
  /** undefined while loading, null when the totals could not be read. */
  value: number | null | undefined;
}

const formatter = new Intl.NumberFormat('pt-BR');

export function CounterCard({ card, value }: Props) {
  const { color, icon: Icon } = statusLook(card.status);
  const headingId = `card-${card.total}`;
  return (
    <Card
      className={classes.card}
      padding="md"
      radius="lg"
      style={{ '--card-accent': `var(--mantine-color-${color}-6)` }}
      aria-labelledby={headingId}
      component="article"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" className={classes.cardHeader}>
        <Text id={headingId} size="sm" fw={600} c="dimmed">
          {card.label}
        </Text>
        <ThemeIcon variant="light" color={color} size={36} radius="md" aria-hidden>
          <Icon size={20} stroke={1.7} />
        </ThemeIcon>
      </Group>
      {value === undefined ? (
        <Skeleton h={38} w={72} mt="xs" radius="sm" />
      ) : (
        <Text className={classes.value} data-testid={card.total}>
          {value === null ? '—' : formatter.format(value)}
        </Text>
      )}
      <Anchor
        component={Link}
        to={card.path}
        size="sm"
        fw={600}
        c={color}
        className={classes.link}
        aria-label={`Acessar ${card.label}`}
      >
        Acessar <IconArrowRight size={16} aria-hidden />
      </Anchor>
    </Card>
  );
}
