import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { dashboardGroups, hidesHeader } from '@portal/domain';
import { useSessionUser } from '../../app/session/useSession.ts';
import { useHomeTotals } from './api.ts';
import classes from './Dashboard.module.css';
import { CounterGroup } from './CounterGroup.tsx';

/** "quinta-feira, 26 de novembro de 2026": the browser's own pt-BR names, no locale to load. */
const TODAY_FORMAT = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export function DashboardPage() {
  const user = useSessionUser();
  const { data, isError } = useHomeTotals();
  // Totals that fail to load are not an error the user can act on (spec part 1 §8): show a dash.
  const totals = isError ? null : data;
  const today = TODAY_FORMAT.format(new Date());
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
