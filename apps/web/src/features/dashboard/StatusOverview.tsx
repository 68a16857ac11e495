import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { groupHref, requestForm, STATUS_GROUPS, statusHref, statusLabel } from '@portal/domain';
import type { DashboardOverviewForm } from '@portal/domain/contracts/dashboard';
import { Link } from 'react-router';
import classes from './Dashboard.module.css';
import { FLOW_LABEL, formatCount, formWithFlow } from './format.ts';
import { GROUP_COLOR } from './statusLook.ts';

/**
 * Every status of one form, in the four groups of the workflow (em andamento, aguardando
 * concessionária, concluídas, recusadas): each group's total and each status's count open the
 * list filtered to exactly those statuses.
 */
export function StatusOverview({ data }: { data: DashboardOverviewForm }) {
  const form = requestForm(data.fluxo, data.tipo);
  const totalOf = (statuses: readonly number[]) =>
    data.status.filter((s) => statuses.includes(s.status)).reduce((n, s) => n + s.total, 0);
  const headingId = `situacao-${data.fluxo}-${data.tipo}`;
  return (
    <Paper component="section" withBorder radius="lg" p="md" aria-labelledby={headingId}>
      <Group gap="xs" mb="sm">
        <Title order={3} fz="md" id={headingId}>
          {form.title}
        </Title>
        <Badge variant="light" color={data.fluxo === 'agua' ? 'cyan' : 'yellow'} tt="none">
          {FLOW_LABEL[data.fluxo]}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
        {STATUS_GROUPS.map((group) => {
          const total = totalOf(group.statuses);
          return (
            <Stack
              key={group.key}
              gap={4}
              className={classes.group}
              style={{ '--card-accent': `var(--mantine-color-${GROUP_COLOR[group.key]}-6)` }}
              data-testid={`grupo-${data.fluxo}-${data.tipo}-${group.key}`}
            >
              <Text size="sm" fw={600}>
                {group.label}
              </Text>
              <Anchor
                component={Link}
                to={groupHref(form, group)}
                className={classes.groupValue}
                aria-label={`${formatCount(total)} ${group.label.toLowerCase()} (${formWithFlow(form)})`}
              >
                {formatCount(total)}
              </Anchor>
              <Stack gap={2} component="ul" className={classes.statusList}>
                {group.statuses.map((status) => {
                  const count = totalOf([status]);
                  const label = statusLabel(status, data.fluxo, data.tipo);
                  return (
                    <Group key={status} component="li" justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="xs" c={count ? undefined : 'dimmed'}>
                        {label}
                      </Text>
                      <Anchor
                        component={Link}
                        to={statusHref(form, [status])}
                        size="xs"
                        fw={600}
                        aria-label={`${formatCount(count)} em ${label} (${formWithFlow(form)})`}
                      >
                        {formatCount(count)}
                      </Anchor>
                    </Group>
                  );
                })}
              </Stack>
            </Stack>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}

export function StatusOverviewSkeleton() {
  return <Skeleton h={180} radius="lg" />;
}
