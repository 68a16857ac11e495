import { Badge, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { dashboardGroups, hidesHeader } from '@portal/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSessionUser } from '../../app/session/useSession.ts';
import { useDashboardOverview, useHomeTotals } from './api.ts';
import classes from './Dashboard.module.css';
import { CounterGroup } from './CounterGroup.tsx';
import { MyQueue } from './MyQueue.tsx';
import { StatusOverview, StatusOverviewSkeleton } from './StatusOverview.tsx';

// The charts (Recharts) are their own chunk, fetched when they scroll into view: the numbers
// above them come first and the dashboard's first load stays light.
const OverviewCharts = lazy(() =>
  import('./OverviewCharts.tsx').then((m) => ({ default: m.OverviewCharts })),
);

/**
 * Whether the element has come near the viewport once. A callback ref: the element appears only
 * once the overview has loaded, after the first render.
 */
function useSeen<T extends Element>() {
  const [element, setElement] = useState<T | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, seen]);
  return [setElement, seen] as const;
}

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
  const overviewQuery = useDashboardOverview();
  const overview = overviewQuery.isError ? null : overviewQuery.data;
  const [chartsRef, chartsSeen] = useSeen<HTMLDivElement>();
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
            Acompanhe aqui o andamento das solicitações e o que aguarda a sua ação.
          </Text>
          {user.razao_social && (
            <Badge variant="white" size="lg" radius="sm" mt="md" tt="none">
              {user.razao_social}
            </Badge>
          )}
        </Paper>
      )}
      <MyQueue overview={overview} />
      <Stack component="section" gap="sm" aria-labelledby="situacao-titulo">
        <Title order={2} fz="lg" id="situacao-titulo">
          Situação das solicitações
        </Title>
        {overview === undefined ? (
          <StatusOverviewSkeleton />
        ) : overview === null ? (
          <Text c="dimmed">Não foi possível carregar a situação das solicitações agora.</Text>
        ) : (
          overview.formularios.map((f) => <StatusOverview key={`${f.fluxo}.${f.tipo}`} data={f} />)
        )}
      </Stack>
      {dashboardGroups(user).map((group) => (
        <CounterGroup key={group.kind} group={group} totals={totals} />
      ))}
      {overview && overview.formularios.length > 0 && (
        <Stack component="section" gap="sm" aria-labelledby="graficos-titulo" ref={chartsRef} mih={360}>
          <Title order={2} fz="lg" id="graficos-titulo">
            Gráficos
          </Title>
          {chartsSeen && (
            <Suspense fallback={<Skeleton h={320} radius="lg" />}>
              <OverviewCharts overview={overview} />
            </Suspense>
          )}
        </Stack>
      )}
    </Stack>
  );
}
