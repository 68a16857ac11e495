import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Anchor, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  AGE_BUCKETS,
  bucketHref,
  groupHref,
  requestForm,
  STATUS_GROUPS,
  type AgeBucketKey,
  type StatusGroupKey,
} from '@portal/domain';
import type { DashboardOverview } from '@portal/domain/contracts/dashboard';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCount, formWithFlow } from './format.ts';
import { GROUP_COLOR } from './statusLook.ts';

/**
 * The overview's two charts (its own chunk: Recharts is loaded only when they come into view):
 * requests per regional and status group, and open requests by age. A bar opens the list
 * filtered to it; the tables under the charts give every number as a link too, for keyboards
 * and screen readers.
 */
export function OverviewCharts({ overview }: { overview: DashboardOverview }) {
  const navigate = useNavigate();
  const keys = overview.formularios.map((f) => `${f.fluxo}.${f.tipo}`);
  const [chosen, setChosen] = useState(keys[0]!);
  const data =
    overview.formularios.find((f) => `${f.fluxo}.${f.tipo}` === chosen) ?? overview.formularios[0]!;
  const form = requestForm(data.fluxo, data.tipo);
  const formName = formWithFlow(form);

  const regionals = [...new Map(data.regionais.map((r) => [r.regional, r.nome])).entries()].map(
    ([id, nome]) => ({
      id,
      nome,
      ...Object.fromEntries(
        STATUS_GROUPS.map((g) => [
          g.key,
          data.regionais.find((r) => r.regional === id && r.grupo === g.key)?.total ?? 0,
        ]),
      ),
    }),
  ) as ({ id: number; nome: string } & Record<StatusGroupKey, number>)[];
  const ages = AGE_BUCKETS.map((b) => ({
    key: b.key,
    faixa: b.label,
    total: data.idade.find((i) => i.faixa === b.key)?.total ?? 0,
  }));
  const refusals = data.recusas ?? [];
  const open = (href: string) => void navigate(href);
  const regionalHref = (id: number, group: StatusGroupKey) =>
    groupHref(
      form,
      STATUS_GROUPS.find((g) => g.key === group)!,
      id,
    );
  const ageHref = (key: AgeBucketKey) =>
    bucketHref(
      form,
      AGE_BUCKETS.find((b) => b.key === key)!,
      overview.hoje,
    );

  return (
    <Stack gap="sm">
      {keys.length > 1 && (
        <SegmentedControl
          aria-label="Formulário dos gráficos"
          value={chosen}
          onChange={setChosen}
          data={overview.formularios.map((f) => {
            const each = requestForm(f.fluxo, f.tipo);
            return { value: `${f.fluxo}.${f.tipo}`, label: formWithFlow(each) };
          })}
          style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
        />
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Paper withBorder radius="lg" p="md" component="figure" m={0} aria-labelledby="grafico-regional">
          <Title order={3} fz="md" id="grafico-regional" mb="sm">
            Solicitações por regional e situação
          </Title>
          {regionals.length === 0 ? (
            <Text c="dimmed">Nenhuma solicitação.</Text>
          ) : (
            <>
              <BarChart
                h={260}
                data={regionals}
                dataKey="nome"
                type="stacked"
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                series={STATUS_GROUPS.map((g) => ({
                  name: g.key,
                  label: g.label,
                  color: `${GROUP_COLOR[g.key]}.6`,
                }))}
                barProps={(series) => ({
                  cursor: 'pointer',
                  onClick: (bar: { payload?: { id: number } }) => {
                    if (bar.payload && bar.payload.id !== 0)
                      open(regionalHref(bar.payload.id, series.name as StatusGroupKey));
                  },
                })}
                valueFormatter={formatCount}
              />
              <Table.ScrollContainer minWidth={480} mt="sm">
                <Table
                  fz="xs"
                  verticalSpacing={4}
                  aria-label={`Solicitações por regional e situação (${formName})`}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Regional</Table.Th>
                      {STATUS_GROUPS.map((g) => (
                        <Table.Th key={g.key} ta="right">
                          {g.label}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {regionals.map((r) => (
                      <Table.Tr key={r.id}>
                        <Table.Td>{r.nome}</Table.Td>
                        {STATUS_GROUPS.map((g) => (
                          <Table.Td key={g.key} ta="right">
                            {r.id === 0 ? (
                              formatCount(r[g.key])
                            ) : (
                              <Anchor
                                component={Link}
                                to={regionalHref(r.id, g.key)}
                                fz="xs"
                                aria-label={`${formatCount(r[g.key])} ${g.label.toLowerCase()} na regional ${r.nome} (${formName})`}
                              >
                                {formatCount(r[g.key])}
                              </Anchor>
                            )}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </Paper>
        <Paper withBorder radius="lg" p="md" component="figure" m={0} aria-labelledby="grafico-idade">
          <Title order={3} fz="md" id="grafico-idade" mb="sm">
            Solicitações abertas por idade
          </Title>
          <BarChart
            h={260}
            data={ages}
            dataKey="faixa"
            series={[{ name: 'total', label: 'Solicitações abertas', color: 'brand.6' }]}
            barProps={{
              cursor: 'pointer',
              onClick: (bar: { payload?: { key: AgeBucketKey } }) => {
                if (bar.payload) open(ageHref(bar.payload.key));
              },
            }}
            valueFormatter={formatCount}
          />
          <Text size="xs" c="dimmed" mt="xs">
            Dias desde a data do pedido, das solicitações em andamento ou aguardando concessionária.
          </Text>
          <SimpleGrid cols={4} spacing="xs" mt="xs">
            {ages.map((a) => (
              <Stack key={a.key} gap={0} align="center">
                <Text size="xs" c="dimmed" ta="center">
                  {a.faixa}
                </Text>
                <Anchor
                  component={Link}
                  to={ageHref(a.key)}
                  fw={700}
                  aria-label={`${formatCount(a.total)} abertas há ${a.faixa} (${formName})`}
                  data-testid={`idade-${a.key}`}
                >
                  {formatCount(a.total)}
                </Anchor>
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="lg" p="md" component="figure" m={0} aria-labelledby="grafico-recusas">
          <Title order={3} fz="md" id="grafico-recusas" mb="sm">
            Recusas por motivo
          </Title>
          {refusals.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhuma recusa com motivo registrada em {formName}.
            </Text>
          ) : (
            <>
              <BarChart
                h={Math.max(160, refusals.length * 36)}
                data={refusals}
                dataKey="motivo"
                orientation="vertical"
                yAxisProps={{ width: 220 }}
                series={[{ name: 'total', label: 'Recusas', color: 'red.6' }]}
                valueFormatter={formatCount}
              />
              <Table mt="xs" aria-label={`Recusas por motivo (${formName})`}>
                <Table.Tbody>
                  {refusals.map((r) => (
                    <Table.Tr key={r.motivo}>
                      <Table.Td>{r.motivo}</Table.Td>
                      <Table.Td ta="right">{formatCount(r.total)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
