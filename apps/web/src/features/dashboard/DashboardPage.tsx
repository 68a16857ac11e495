import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { dashboardGroups, hidesHeader } from '@portal/domain';
import dayjs from 'dayjs';
import { useSessionUser } from '../../app/session/useSession.ts';
import { useHomeTotals } from './api.ts';
import classes from './Dashboard.module.css';
import { CounterGroup } from './CounterGroup.tsx';

export function DashboardPage() {
  const user = useSessionUser();
  const { data, isError } = useHomeTotals();
  // Totals that fail to load are not an error the user can act on (spec part 1 §8): show a dash.
  const totals = isError ? null : data;
  const today = dayjs().format('dddd, D [de] MMMM [de] YYYY');
  const firstName = user.name.split(' ')[0];

  return (
    <Stack gap="xl">
      {!hidesHeader(user) && (
        <Paper className={classes.hero} p="xl" radius="lg" component="header">
          <Text size="sm" c="brand.0">
            {today.charAt(0).toUpperCase() + today.slice(1)}
          </Text>
          <Title order={1} c="white" fz={28} mt={4}>
            Olá, {firstName}!
          </Title>
          <Text c="brand.0" mt={4}>
            Acompanhe aqui o andamento das solicitações de energia.
          </Text>
          {user.razao_social && (
            <Badge variant="white" size="lg" radius="sm" mt="md" tt="none">
              {user.razao_social}
            </Badge>
          )}
        </Paper>
      )}
      {dashboardGroups(user).map((group) => (
        <CounterGroup key={group.kind} group={group} totals={totals} />
      ))}
    </Stack>
  );
}
